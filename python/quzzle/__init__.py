"""quzzle: QAOA experiments on logic puzzles.

puzzle text -> :class:`Puzzle` -> :meth:`Puzzle.encode` (reduction, QUBO, Ising) ->
:class:`Encoding` -> :meth:`Encoding.qaoa` (an exact statevector simulator with gradients) or
:func:`solve` (angles optimised at each depth) -> the probability of measuring a valid board.
The same circuit is exported as OpenQASM 3 (:meth:`Encoding.qasm`), run on a device or
simulator, and its counts scored (:func:`score`).

Conventions (as the command line): qubit 0 is the first character of a bitstring and bit 0 of
a basis index; the cost phase is ``exp(-i gamma C)`` and the X mixer ``exp(-i beta sum X)``;
angles are ``gammas`` and ``betas`` (each of length p) or one flat vector
``[gamma_1..gamma_p, beta_1..beta_p]``.

Simulation, optimisation and sweeps release the GIL; :func:`set_num_threads` sets the threads
they use, and results are the same bits on any thread count.
"""

from __future__ import annotations

import json
import numbers
import operator
import os
from typing import Any, Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union, cast

from . import _native
from . import models as _models
from ._native import DEFAULT_TRAJECTORIES, Encoding, Puzzle, Qaoa, load, num_threads, parse, set_num_threads
from .errors import DoesNotFit, InternalError, InvalidArgument, ParseError, QuzzleError, ResourceError, Unmet, Unsatisfiable

__version__: str = _native.version()

__all__ = [
    "DEFAULT_TRAJECTORIES",
    "DoesNotFit",
    "Encoding",
    "InternalError",
    "InvalidArgument",
    "ParseError",
    "Puzzle",
    "Qaoa",
    "QuzzleError",
    "Record",
    "Report",
    "ResourceError",
    "SweepResult",
    "Unmet",
    "Unsatisfiable",
    "encode",
    "from_dimod",
    "from_model",
    "info",
    "load",
    "num_threads",
    "parse",
    "qasm",
    "request",
    "sample",
    "score",
    "set_num_threads",
    "solve",
    "sweep",
    "to_qiskit",
]

Depths = Union[int, str, Iterable[int]]
# What `encode`, `info`, `qasm`, `solve`, `anneal` and `plan` take: a puzzle file's path, a puzzle
# already read, or an optimisation model of dimod, qiskit-optimization, docplex, pyomo or PuLP
# (`from_model`); `solve` also an encoding.
Source = Union[str, "os.PathLike[str]", Puzzle, Any]
Document = Union[Mapping[str, Any], str, "os.PathLike[str]"]
# Penalty overrides: ``{"NAME": W}`` (a constraint's name, or ``*`` for every constraint, and its
# penalty's weight), or ``NAME=W`` texts as ``--penalty`` takes them (docs/lp.md, "Penalties").
Penalty = Union[None, Mapping[str, Any], str, Sequence[str]]


class Record(Mapping[str, Any]):
    """A read-only record of a report: its fields are attributes and keys (``r.p``,
    ``r["p"]``); :meth:`to_dict` gives a plain dict."""

    __slots__ = ("_fields",)

    def __init__(self, fields: Mapping[str, Any]) -> None:
        object.__setattr__(self, "_fields", dict(fields))

    def __getattr__(self, name: str) -> Any:
        # Only fields: a private or special name looked up before `_fields` is set (by pickle
        # and copy, on an instance made without __init__) must not recurse.
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(f"no field {name!r}; fields: {', '.join(self._fields)}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Record is read-only")

    def __getitem__(self, key: str) -> Any:
        return self._fields[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def __dir__(self) -> List[str]:
        return list(self._fields)

    def to_dict(self) -> Dict[str, Any]:
        """The fields as a new plain dict (nested values copied, nested records as dicts)."""
        copied: Dict[str, Any] = json.loads(json.dumps(_plain(self._fields)))
        return copied

    def __reduce__(self) -> Tuple[Any, ...]:
        # Pickled and copied by its fields (copy.deepcopy copies them too).
        return (type(self), (self._fields,))

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in list(self._fields.items())[:6])
        more = ", ..." if len(self._fields) > 6 else ""
        return f"Record({shown}{more})"


def _plain(value: Any) -> Any:
    """`value` with every nested :class:`Record` a plain dict (for JSON)."""
    if isinstance(value, Record):
        return {k: _plain(v) for k, v in value._fields.items()}
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _pandas(what: str) -> Any:
    try:
        import pandas  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise ImportError(
            f"{what} needs the `pandas` package: pip install pandas (or the `pandas` extra: pip install 'quzzle[pandas]')"
        ) from None
    return pandas


class Report(Record):
    """The report of :func:`solve`: the fields of ``quzzle solve --json`` (provenance, valid
    bitstrings, uniform baseline, ...), with ``depths`` a list of :class:`Record` (one per
    depth: ``p``, ``energy``, ``success_probability``, ``gammas``, ``betas``, ...).
    :meth:`qasm` exports the circuit of one depth on the report's own space and mixer."""

    __slots__ = ("_text", "_encoding", "_csv")
    _text: str
    _encoding: Optional[Encoding]
    _csv: Optional[str]

    def __init__(self, text: str, encoding: Optional[Encoding] = None, csv: Optional[str] = None) -> None:
        fields = json.loads(text)
        fields["depths"] = [Record(d) for d in fields["depths"]]
        super().__init__(fields)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_encoding", encoding)
        object.__setattr__(self, "_csv", csv)

    def save(self, dir: Union[str, "os.PathLike[str]"]) -> List[str]:
        """Write the files ``quzzle solve --out DIR`` writes into ``dir`` (created when
        missing): ``solve.json``, ``depths.csv`` and the success-vs-depth figure
        (``success_vs_depth.svg`` and ``.png``, where the report has depths), the same bytes
        for the same settings. Returns the paths. A matplotlib figure: :meth:`plot`."""
        if self._csv is None:
            raise InvalidArgument(
                "this report holds no depths.csv (it was built from JSON text, not returned by quzzle.solve)"
            )
        return list(_native.save_solve_files(os.fspath(dir), self._text, self._csv))

    def plot(self, path: Union[str, "os.PathLike[str]"]) -> Any:
        """The success-vs-depth figure ``solve --out`` draws (P(valid) per depth over the
        uniform baseline), with matplotlib (needs it), saved to ``path``; returns the figure.
        ``quzzle solve --out DIR`` draws the same data as ``success_vs_depth.svg``/``.png``."""
        try:
            import importlib

            importlib.import_module("matplotlib").use("Agg")
            plt: Any = importlib.import_module("matplotlib.pyplot")
        except ImportError:
            raise ImportError(
                "Report.plot needs the `matplotlib` package: pip install 'quzzle[plot]' (or pip install matplotlib)"
            ) from None
        f = self._fields
        fig, ax = plt.subplots(figsize=(8, 5))
        ax.plot(
            [d.p for d in self.depths],
            [d.success_probability for d in self.depths],
            marker="o",
            linewidth=3,
            label=f"QAOA, {f['init']} init, {f['mixer']} mixer",
        )
        space = "" if f["space"] == "full" else f" of space {f['space']}"
        ax.axhline(f["uniform_baseline"], linestyle="--", color="grey", label=f"uniform sampling{space}")
        ax.set_yscale("log")
        ax.set_xlabel("depth p")
        ax.set_ylabel("P(valid board)")
        name = os.path.basename(f["file"])
        ax.set_title(f"{name}: {f['puzzle']}, {f['qubits']} qubits at {f['reduce']}: success probability vs depth")
        ax.legend(loc="upper left")
        fig.savefig(os.fspath(path))
        return fig

    def to_dict(self) -> Dict[str, Any]:
        """The report as ``quzzle solve --json`` prints it, parsed."""
        parsed: Dict[str, Any] = json.loads(self._text)
        return parsed

    def to_json(self) -> str:
        """The report's JSON text, as ``quzzle solve --json`` prints it."""
        return self._text

    def to_pandas(self) -> Any:
        """One row per depth as a ``pandas.DataFrame`` (needs pandas), with the report's
        ``uniform_baseline`` (P(valid) of a uniformly random state of the space) as a column."""
        pandas = _pandas("Report.to_pandas")
        frame = pandas.DataFrame([d.to_dict() for d in self.depths])
        # P(valid) of sampling the simulated space uniformly (the report's one baseline, the
        # same at every depth): the success probability QAOA has to beat.
        frame["uniform_baseline"] = self._fields["uniform_baseline"]
        return frame

    def qasm(
        self,
        p: int,
        *,
        flavor: str = "portable",
        symbolic: bool = False,
        with_state: bool = False,
        name: str = "circuit.qasm",
        enc: Optional[Encoding] = None,
    ) -> Tuple[str, Dict[str, Any]]:
        """The circuit of depth ``p`` as the report ran it: its space, mixer, start and angles, on its
        encoding (as ``quzzle qasm --angles REPORT.json`` with the report's ``--space`` and
        ``--mixer``). Returns ``(text, manifest)`` as :meth:`Encoding.qasm`. ``enc``: the
        encoding, when the report did not come from :func:`solve` in this process (by default a
        report read back from pickle encodes its ``file`` again); an encoding of another puzzle,
        reduction or size is refused."""
        if enc is None:
            enc = self._encoding if self._encoding is not None else self._encode_again()
        text, manifest = _native.qasm_of_report(
            enc,
            self._text,
            _plain_value(p),
            flavor,
            self._fields["space"],
            self._fields["mixer"],
            symbolic,
            with_state,
            name,
            self._fields.get("start"),
        )
        return text, manifest

    def _encode_again(self) -> Encoding:
        f = self._fields
        try:
            return load(f["file"]).encode(reduce=f["reduce"], encoding=f.get("encoding", "onehot"))
        except (OSError, QuzzleError) as e:
            raise InvalidArgument(
                f"the report's puzzle {f['file']!r} cannot be encoded again ({e}): give its encoding, Report.qasm(p, enc=...)"
            ) from None

    def __reduce__(self) -> Tuple[Any, ...]:
        # The encoding does not pickle: a report read back encodes its file again when asked
        # for a circuit (and the export checks the puzzle's SHA-256).
        return (Report, (self._text, None, self._csv))

    def __copy__(self) -> "Report":
        return Report(self._text, self._encoding, self._csv)

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Report":
        # The encoding is immutable: shared.
        return Report(self._text, self._encoding, self._csv)

    def __repr__(self) -> str:
        prov = self._fields
        best = max((d.success_probability for d in self.depths), default=None)
        return (
            f"<quzzle.Report {prov['file']}: {prov['qubits']} qubits, space {prov['space']}, mixer {prov['mixer']}, "
            f"p = {[d.p for d in self.depths]}, best P(valid) {best}>"
        )


class SweepResult(Record):
    """The rows of :func:`sweep` (``rows``: a list of :class:`Record`, as ``sweep.csv`` holds
    them) and the CSV's path (``csv``)."""

    __slots__ = ()

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (needs pandas)."""
        pandas = _pandas("SweepResult.to_pandas")
        return pandas.DataFrame([r.to_dict() for r in self.rows])


def _plain_value(value: Any) -> Any:
    """A keyword argument as JSON takes it: numpy's numbers as Python's, paths as text, ranges
    and tuples as lists, and what JSON cannot write (nan, inf) as text, and a whole number past
    64 bits as its digits (the library reads JSON numbers that large as floats, and its refusal
    should quote the number given). Nothing is checked here: the library's request checks every
    value, with the command line's words."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, numbers.Integral):
        whole = operator.index(value)
        return whole if -(2**63) <= whole < 2**64 else str(whole)
    if isinstance(value, numbers.Real):
        number = float(value)
        return number if number == number and abs(number) != float("inf") else str(number)
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, Mapping):
        return {str(k): _plain_value(v) for k, v in value.items()}
    if isinstance(value, Iterable):
        return [_plain_value(v) for v in value]
    raise InvalidArgument(f"{value!r} ({type(value).__name__}) is not a setting: give a number, text or a list")


def _choices(**settings: Any) -> str:
    """The JSON object of a job's settings, without those left at None (the library's default
    then applies)."""
    return json.dumps({k: _plain_value(v) for k, v in settings.items() if v is not None})


def request(job: str, **settings: Any) -> Dict[str, Any]:
    """Check the settings of ``job`` (``solve``, ``sweep``, ``export``, ``sample``, ``score``,
    ``predict``, ``plan``, ``anneal``, ``grover``, ``info`` or ``generate``) without running
    anything, and return the request as the library will run it: the values normalised (depths
    sorted, names resolved, defaults filled in). The same dict as ``quzzle JOB --dry-run``
    prints for the same settings; a value either refuses is refused by both, with the same
    words."""
    text = _native.request_json(job, _choices(**settings))
    described: Dict[str, Any] = json.loads(text)
    return described


def _penalty_texts(penalty: Penalty) -> List[str]:
    """Penalty overrides as ``NAME=W`` texts; the library checks them (as ``--penalty``)."""
    if penalty is None:
        return []
    if isinstance(penalty, Mapping):
        return [f"{k}={_plain_value(v)}" for k, v in penalty.items()]
    return _names(penalty)


def _names(value: Union[None, str, Sequence[str]]) -> List[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value]


def _paths(value: Union[None, str, os.PathLike[str], Sequence[Union[str, os.PathLike[str]]]]) -> List[str]:
    if value is None:
        return []
    if isinstance(value, (str, os.PathLike)):
        return [os.fspath(value)]
    return [os.fspath(v) for v in value]


def solve(
    enc: Union[Encoding, Source],
    depths: Depths = "1..3",
    *,
    init: Optional[str] = None,
    space: Optional[str] = None,
    mixer: Optional[str] = None,
    start: Optional[str] = None,
    objective: str = "energy",
    optimizer: str = "lbfgs",
    max_iters: int = 200,
    restarts: int = 1,
    seed: int = 0,
    noise: Union[None, str, Sequence[str]] = None,
    trajectories: int = DEFAULT_TRAJECTORIES,
    truncate: str = "off",
    device: Union[None, str, Sequence[str]] = None,
    schedule: Optional[str] = None,
    angles_from: Union[None, str, os.PathLike[str], Sequence[Union[str, os.PathLike[str]]]] = None,
    penalty: Penalty = None,
    resume: Union[None, str, "os.PathLike[str]"] = None,
) -> Report:
    """Optimise the QAOA angles of ``enc`` at every depth, as ``quzzle solve``. ``enc``: an
    encoding, or a puzzle file, a puzzle or an optimisation model (:func:`from_model`), encoded
    as :func:`encode` does by default (``paper``, one-hot).

    ``init``: ``ramp``, ``interp`` (from the previous depth), ``random``, ``lr`` (only the
    linear ramp's two scales optimised), ``transfer`` (from the median of other instances'
    angles in ``angles_from``: solve reports or sweep.csv files) or ``fixed`` (the table
    shipped for the puzzle kind, space and mixer). ``schedule``: ``lr:DG,DB``, ``transfer`` or
    ``fixed``, evaluated at every depth with no optimisation (instead of ``init``). ``space`` and
    ``mixer`` as the command line (none: the space and mixer ``info`` recommends, named in the
    report's ``provenance.chosen``). ``start``: a switch mixer's start,
    ``auto`` (none; uniform here, or the circuit's start where ``noise`` or ``device`` runs the
    circuit), ``uniform`` or ``first-grid``, as ``--start``. ``objective``: ``energy``,
    ``success`` or ``cvar:ALPHA``. ``noise``: presets (``heron``, ``eagle``, ``aria``, ``forte``) or rates
    (``p1=..,p2=..,readout=..``) under which each depth is also estimated. ``device``: ``heron``,
    ``eagle`` or ``aria``, whose published gate and readout times give each depth one shot's
    seconds and the seconds to a valid board with 99 % confidence (``depths[].devices``).
    ``truncate``: ``off``, ``exact`` or ``bounded``, as ``--truncate`` (noisy trajectories of
    block-space circuits drop the weight sectors that can no longer end valid; ``bounded`` also
    the pieces too large to hold, P(valid) then bracketed). ``penalty``: ``{"NAME": W}``, the
    weight of each named constraint's penalty (``*``: every constraint), as ``--penalty NAME=W``;
    it is given when ``enc`` is encoded here (an :class:`Encoding` has its weights already:
    :func:`encode`). ``resume``: an earlier report of this same run (a file of its JSON, as
    ``--resume``): the noisy estimates it holds are taken instead of run again. The report's
    numbers are those of ``quzzle solve --json`` with the same settings, bit for bit.
    """
    if not isinstance(enc, Encoding):
        enc = encode(enc, penalty=penalty)
    elif penalty is not None:
        raise InvalidArgument("penalty: an Encoding has its penalty weights already; give them to encode()")
    text, csv = _native.solve_json(
        enc,
        _choices(
            depths=depths,
            init=init,
            space=space,
            mixer=mixer,
            start=start,
            objective=objective,
            optimizer=optimizer,
            max_iters=max_iters,
            restarts=restarts,
            seed=seed,
            noise=_names(noise),
            trajectories=trajectories,
            truncate=truncate,
            device=_names(device),
            schedule=schedule,
            angles_from=_paths(angles_from),
            resume=None if resume is None else os.fspath(resume),
        ),
    )
    return Report(text, enc, csv)


def from_model(model: Any, name: Optional[str] = None) -> Puzzle:
    """An optimisation model as a puzzle: a dimod ``ConstrainedQuadraticModel`` or
    ``BinaryQuadraticModel``, a qiskit-optimization ``QuadraticProgram``, a docplex ``Model``, a
    pyomo ``ConcreteModel`` or a PuLP ``LpProblem``, written to LP text in memory by its own
    package's writer (``dimod.lp.dumps``; qiskit-optimization's through docplex, as
    ``write_to_lp_file``; docplex's ``export_as_lp_string``; pyomo's LP writer with
    ``symbolic_solver_labels``; PuLP's ``writeLP``, to a temporary file) and read as that file
    is (docs/lp.md): the puzzle, and every report and number made from it, equal those of the
    file the same writer writes, read under the name ``name`` (by default the model's name with
    ``.lp``, or the package's). The packages are optional; a model of none of them raises
    ``TypeError``."""
    converted = _models.lp_text(model)
    if converted is None:
        raise TypeError(f"quzzle reads models of {_models.accepted()}; not a {type(model).__module__}.{type(model).__name__}")
    text, default = converted
    return parse(text, default if name is None else name)


def from_dimod(model: Any, name: str = "dimod.lp") -> Puzzle:
    """A dimod ``ConstrainedQuadraticModel`` or ``BinaryQuadraticModel`` as a puzzle:
    :func:`from_model` limited to dimod's models."""
    if _models.package_of(model) != "dimod":
        raise TypeError(
            f"from_dimod takes a dimod ConstrainedQuadraticModel or BinaryQuadraticModel, not {type(model).__name__}"
        )
    return from_model(model, name)


def _puzzle(source: Source) -> Puzzle:
    """A source read: a path loaded, a model converted (:func:`from_model`)."""
    if isinstance(source, Puzzle):
        return source
    if isinstance(source, (str, os.PathLike)):
        return load(source)
    if isinstance(source, Encoding):
        raise TypeError("this takes a puzzle file, a Puzzle or a model, not an Encoding (its reduction is already chosen)")
    return from_model(source)


def encode(source: Source, reduce: str = "paper", encoding: str = "onehot", penalty: Penalty = None) -> Encoding:
    """The encoding of a puzzle file, a puzzle or an optimisation model (:func:`from_model`) at
    ``reduce``: :meth:`Puzzle.encode`. ``penalty``: ``{"NAME": W}``, the weight of the penalty of
    each constraint named (an LP or MPS row's name, a puzzle constraint's label; ``*`` for every
    constraint), as ``--penalty NAME=W`` (docs/lp.md, "Penalties")."""
    return _puzzle(source).encode(reduce, encoding, _penalty_texts(penalty))


def info(
    source: Source, reduce: str = "paper", encoding: str = "onehot", space: str = "auto", penalty: Penalty = None
) -> Dict[str, Any]:
    """What ``quzzle info --json`` prints for a puzzle file, a puzzle or an optimisation model
    (:func:`from_model`), with the penalty overrides ``penalty`` (as :func:`encode`)."""
    return _puzzle(source).info(reduce, encoding, space, _penalty_texts(penalty))


def qasm(
    source: Source,
    gammas: Optional[Sequence[float]] = None,
    betas: Optional[Sequence[float]] = None,
    *,
    reduce: str = "paper",
    p: Optional[int] = None,
    optimize: bool = False,
    seed: int = 0,
    flavor: str = "portable",
    space: Optional[str] = None,
    mixer: Optional[str] = None,
    symbolic: bool = False,
    with_state: bool = False,
    name: str = "circuit.qasm",
    start: Optional[str] = None,
    penalty: Penalty = None,
) -> Tuple[str, Dict[str, Any]]:
    """The OpenQASM 3 text and manifest of a puzzle file, a puzzle or an optimisation model
    (:func:`from_model`) encoded at ``reduce`` with the penalty overrides ``penalty`` (as
    :func:`encode`; the manifest records them): :meth:`Encoding.qasm` with the same settings."""
    return encode(source, reduce, penalty=penalty).qasm(
        gammas,
        betas,
        p=p,
        optimize=optimize,
        seed=seed,
        flavor=flavor,
        space=space,
        mixer=mixer,
        symbolic=symbolic,
        with_state=with_state,
        name=name,
        start=start,
    )


def _document(doc: Document, what: str) -> Tuple[str, str]:
    """(JSON text, name for messages) of a dict, a JSON string or a path."""
    if isinstance(doc, Mapping):
        return json.dumps(doc), f"<{what} dict>"
    if isinstance(doc, str) and doc.lstrip().startswith("{"):
        return doc, f"<{what} text>"
    path = os.fspath(doc)
    with open(path, encoding="utf-8") as f:
        return f.read(), str(path)


def sample(
    manifest: Document,
    shots: int,
    *,
    seed: int = 0,
    format: str = "quzzle",
    noise: Optional[str] = None,
    trajectories: int = DEFAULT_TRAJECTORIES,
) -> Dict[str, Any]:
    """``shots`` measurements of the circuit a manifest describes (from
    :meth:`Encoding.qasm`, as a dict, JSON text or path), drawn with ``seed`` from its exact
    final distribution, or under one ``noise`` model. Returns the counts in ``format``:
    ``quzzle`` (marked, qubit 0 first), ``qiskit``, ``sampler`` or ``ionq``."""
    text, source = _document(manifest, "manifest")
    choices = _choices(shots=shots, seed=seed, format=format, noise=_names(noise), trajectories=trajectories)
    counts: Dict[str, Any] = json.loads(_native.sample_json(text, source, choices))
    return counts


def _bit_array_counts(bits: Any) -> Dict[str, int]:
    """The counts of a Qiskit ``BitArray`` of one parameter binding. One of several bindings
    (shape ``(k,)``) would merge k experiments into one: refused."""
    shape = tuple(getattr(bits, "shape", ()))
    bindings = 1
    for s in shape:
        bindings *= int(s)
    if bindings != 1:
        raise InvalidArgument(
            f"a SamplerV2 result of {bindings} parameter bindings (shape {shape}): their shots would be merged into "
            "one experiment; score one at a time, e.g. result[0].data.c[0] (the BitArray of binding 0), "
            "or bind one parameter set per PUB"
        )
    counts: Dict[str, int] = bits.get_counts()
    return counts


def _count_value(key: Any, value: Any) -> Any:
    """A count (an int, numpy's too) or a probability (a float), as JSON takes it."""
    if isinstance(value, bool):
        raise InvalidArgument(f"the count of {key!r} is {value!r}, not a number")
    try:
        return operator.index(value)
    except TypeError:
        pass
    if isinstance(value, numbers.Real):
        return float(value)
    raise InvalidArgument(f"the count of {key!r} is {value!r}, not a number of shots (or a probability)")


def _json_number(value: Any) -> Any:
    """numpy's numbers for json.dumps."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return operator.index(value)
    if isinstance(value, numbers.Real):
        return float(value)
    raise InvalidArgument(f"{value!r} ({type(value).__name__}) in the counts is not a number")


def _is_int_key(key: Any) -> bool:
    return isinstance(key, numbers.Integral) and not isinstance(key, bool)


def _counts(counts: Any) -> Tuple[Any, Optional[str]]:
    """The counts as a JSON-ready object and the format their source implies."""
    # Qiskit: a Result, a SamplerV2 PrimitiveResult / PubResult / DataBin, or a BitArray.
    if isinstance(counts, Mapping):
        if counts and all(_is_int_key(k) for k in counts):
            # IonQ's integer keys (numpy integers too).
            return {str(operator.index(k)): _count_value(k, v) for k, v in counts.items()}, "ionq"
        if not all(isinstance(k, str) for k in counts):
            bad = next(k for k in counts if not isinstance(k, str))
            raise InvalidArgument(f"counts key {bad!r}: give bitstrings (str) or IonQ's integer indices, not a mix")
        if "format" in counts or "counts" in counts or any(isinstance(v, (Mapping, list)) for v in counts.values()):
            # A counts document (quzzle's own, a sampler's registers): read by the library.
            return json.loads(json.dumps(counts, default=_json_number)), None
        return {k: _count_value(k, v) for k, v in counts.items()}, None
    name = type(counts).__name__
    if hasattr(counts, "get_counts") and hasattr(counts, "num_shots") and hasattr(counts, "num_bits"):
        return _bit_array_counts(counts), "qiskit"  # BitArray
    if name == "PrimitiveResult":
        results = list(counts)
        if len(results) != 1:
            raise InvalidArgument(f"a result of {len(results)} circuits: score one at a time (result[i])")
        counts = results[0]
        name = type(counts).__name__
    # A PubResult's `data` is its DataBin; a qiskit Result's `data` is a method (and its
    # counts come from get_counts below).
    data = getattr(counts, "data", None)
    if data is not None and not callable(data) and hasattr(counts, "metadata"):
        counts = data
        name = type(counts).__name__
    if name == "DataBin":
        registers = list(counts.keys())
        if len(registers) != 1:
            raise InvalidArgument(
                f"{len(registers)} classical registers ({', '.join(registers)}); quzzle's circuits measure into one"
            )
        return _bit_array_counts(counts[registers[0]]), "qiskit"
    if callable(getattr(counts, "get_counts", None)):
        # A qiskit Result: one circuit's counts.
        experiments = getattr(counts, "results", None)
        if isinstance(experiments, list) and len(experiments) != 1:
            raise InvalidArgument(
                f"a Result of {len(experiments)} circuits: score one at a time (result.get_counts(i))"
            )
        got = counts.get_counts()
        if not isinstance(got, Mapping):
            raise InvalidArgument(f"{name}.get_counts() gave {type(got).__name__}, not one circuit's counts")
        return {str(k): _count_value(k, v) for k, v in got.items()}, "qiskit"
    raise InvalidArgument(
        f"cannot read counts from {name}: give a dict, a Qiskit Result, BitArray or SamplerV2 result, "
        "JSON text or a path"
    )


def score(
    counts: Any,
    manifest: Document,
    *,
    format: Optional[str] = None,
    shots: Optional[int] = None,
    top: int = 10,
    confidence: float = 0.95,
) -> Record:
    """Score measured counts against the manifest of their circuit, as ``quzzle score``:
    P(valid) with its exact (Clopper-Pearson) interval, the simulated value and whether it is
    inside, the most frequent boards, per-cell marginals.

    ``counts``: what the SDKs hand back (a Qiskit ``get_counts()`` dict, a ``Result``, a
    SamplerV2 result or its ``BitArray``, an IonQ histogram) or a dict, JSON text or path.
    Objects from Qiskit are read in Qiskit's bit order (qubit 0 rightmost). A plain dict of
    bitstrings says nothing of its bit order: give ``format="qiskit"`` (qubit 0 rightmost) or
    ``"quzzle"`` (qubit 0 first). IonQ probabilities need ``shots``.
    """
    source = "<counts>"
    if isinstance(counts, (str, os.PathLike)):
        text, source = _document(counts, "counts")
        implied = None
    else:
        obj, implied = _counts(counts)
        text = json.dumps(obj)
    manifest_text, manifest_source = _document(manifest, "manifest")
    choices = _choices(format=format or implied, shots=shots, top=top, confidence=confidence)
    report = _native.score_json(text, source, manifest_text, manifest_source, choices)
    return Record(json.loads(report))


def sweep(
    files: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
    out: Union[str, "os.PathLike[str]"],
    *,
    depths: Depths = "1..5",
    init: Union[None, str, Sequence[str]] = None,
    reduce: str = "paper",
    encoding: str = "onehot",
    space: Optional[str] = None,
    mixer: Optional[str] = None,
    start: Optional[str] = None,
    objective: str = "energy",
    optimizer: str = "lbfgs",
    max_iters: int = 200,
    restarts: int = 1,
    seed: int = 0,
    max_qubits: int = 20,
    match_budget: bool = True,
    noise: Union[None, str, Sequence[str]] = None,
    trajectories: int = DEFAULT_TRAJECTORIES,
    truncate: str = "off",
    device: Union[None, str, Sequence[str]] = None,
    progress: Optional[Callable[[Dict[str, Any]], None]] = None,
    schedule: Optional[str] = None,
    angles_from: Union[None, str, os.PathLike[str], Sequence[Union[str, os.PathLike[str]]]] = None,
    shard: Optional[str] = None,
    baseline: Optional[str] = None,
    baseline_reads: int = 1000,
    baseline_sweeps: int = 1000,
    max_seconds: Optional[float] = None,
    penalty: Penalty = None,
) -> SweepResult:
    """Run every puzzle of ``files`` (files or folders of ``.txt``) at every depth and init, as
    ``quzzle sweep``: rows are appended to ``out/sweep.csv`` as they finish, and a rerun resumes.

    ``init``: ``ramp``, ``interp``, ``random``, ``all``, ``lr``, ``transfer``, ``fixed`` or a list;
    ``schedule`` and ``angles_from`` as in :func:`solve` (with transfer, each instance gets the
    median of the other instances' angles). ``device`` and ``truncate`` as in :func:`solve`
    (the rows' ``devices``, ``shot_seconds`` and ``tts99_seconds``). ``progress(event)`` is called
    after every row (``{"event": "row", "row": {...}, "done": .., "total": .., "resumed": ..}``),
    skipped instance (``"skipped"``, with ``file`` and ``message``) and note; an exception it
    raises is raised once the sweep has stopped. ``penalty`` as in :func:`encode`, for every
    file (part of the sweep's settings: a resumed sweep with other overrides is refused).
    """
    if isinstance(files, (str, os.PathLike)):
        files = [files]
    choices = _choices(
        inputs=[os.fspath(f) for f in files],
        depths=depths,
        init=init,
        reduce=reduce,
        encoding=encoding,
        space=space,
        mixer=mixer,
        start=start,
        objective=objective,
        optimizer=optimizer,
        max_iters=max_iters,
        restarts=restarts,
        seed=seed,
        max_qubits=max_qubits,
        match_budget=match_budget,
        noise=_names(noise),
        trajectories=trajectories,
        truncate=truncate,
        device=_names(device),
        schedule=schedule,
        angles_from=_paths(angles_from),
        shard=shard,
        baseline=baseline,
        baseline_reads=baseline_reads,
        baseline_sweeps=baseline_sweeps,
        max_seconds=max_seconds,
        penalty=_penalty_texts(penalty),
    )
    rows = _native.sweep_json(choices, os.fspath(out), progress)
    return SweepResult({"rows": [Record(r) for r in json.loads(rows)], "csv": os.path.join(os.fspath(out), "sweep.csv")})


def to_qiskit(qasm: Union[str, Tuple[str, Any]]) -> Any:
    """The exported circuit as a ``qiskit.QuantumCircuit``, loaded by ``qiskit.qasm3.loads``
    (needs ``qiskit`` and ``qiskit-qasm3-import``: the ``qiskit`` extra). ``qasm`` is the text,
    or the ``(text, manifest)`` pair :meth:`Encoding.qasm` returns."""
    if isinstance(qasm, tuple):
        qasm = qasm[0]
    try:
        import qiskit.qasm3  # type: ignore[import-untyped,unused-ignore]
        import qiskit_qasm3_import  # type: ignore[import-untyped,unused-ignore]  # noqa: F401  (qasm3.loads calls it)
    except ImportError:
        raise ImportError(
            "to_qiskit needs the `qiskit` and `qiskit-qasm3-import` packages: pip install 'quzzle[qiskit]'"
        ) from None
    return qiskit.qasm3.loads(qasm)


def score_experiment(
    folder: Union[str, "os.PathLike[str]"],
    *,
    out: Union[None, str, "os.PathLike[str]"] = None,
    noise: Union[None, str, Sequence[str]] = None,
    trajectories: int = _native.DEFAULT_TRAJECTORIES,
    confidence: float = 0.95,
    top: int = 10,
    format: Optional[str] = None,
    shots: Optional[int] = None,
    mitigate: Optional[str] = None,
) -> Record:
    """Score an experiment folder (written by ``quzzle qasm --depths .. -o DIR``) as
    ``quzzle score DIR``: every depth whose counts file
    (``pNN.counts.json``) is there, against its manifest, the noiseless prediction and each noise
    model's (the index's, and those of ``noise`` it lacks, predicted now with ``trajectories``).
    Returns what ``quzzle score DIR --json`` prints, and writes ``hardware.json`` (the same
    bytes), ``hardware.csv`` and the figure ``hardware_vs_depth.svg``/``.png`` into ``out``, or
    the folder. ``format``, ``shots``, ``top`` and ``confidence``
    as in :func:`score`. ``mitigate="readout"`` (``--mitigate readout``) adds each depth's
    P(valid) corrected for readout errors (``mitigated``), with the readout rate of the first
    model of ``noise``, or else of the index's first model; a ``calibration:FILE`` model
    corrects each bit with its own device qubit's errors where the counts' ``run`` record names
    the qubit measured into each bit (``measured_qubits``, written by
    docs/hardware/run_experiment.py)."""
    choices = _choices(
        noise=_names(noise),
        trajectories=trajectories,
        confidence=confidence,
        top=top,
        format=format,
        shots=shots,
        mitigate=mitigate,
    )
    text, _written = _native.score_experiment_json(os.fspath(folder), None if out is None else os.fspath(out), choices)
    return Record(json.loads(text))


__all__.append("score_experiment")


def predict(
    routed: Union[str, "os.PathLike[str]"],
    manifest: Union[str, "os.PathLike[str]"],
    *,
    noise: Union[None, str, Sequence[str]] = None,
    device: Union[None, str, Sequence[str]] = None,
    trajectories: int = _native.DEFAULT_TRAJECTORIES,
    truncate: str = "off",
    seed: int = 0,
    max_seconds: Optional[float] = None,
) -> Record:
    """As ``quzzle predict ROUTED MANIFEST --json``: P(valid) of the circuit a device runs
    (``routed``: the exported circuit transpiled and routed for a backend, as OpenQASM), noiseless
    and under each noise model of ``noise`` (presets, ``key=value`` models or calibration files),
    beside the same models on the exported circuit (``manifest``), and with ``device`` timings
    the time to a valid board. ``truncate`` as in :func:`solve` (for circuits held on weight
    sectors: the exported block-space circuit, and a routed one past 30 physical qubits). Reads
    the two files; writes nothing."""
    choices = _choices(
        noise=noise,
        device=device,
        trajectories=trajectories,
        truncate=truncate,
        seed=seed,
        max_seconds=max_seconds,
    )
    text = _native.predict_json(os.fspath(routed), os.fspath(manifest), choices)
    return Record(json.loads(text))


__all__.append("predict")


def generate(
    kind: str,
    size: int,
    *,
    count: int = 1,
    seed: int = 0,
    stars: int = 1,
    givens: Optional[int] = None,
    method: str = "grow",
    max_seconds: float = 8.0,
) -> List[str]:
    """Puzzles with exactly one solution, as ``quzzle generate KIND --size N --count C``: the
    instance text of each (the bytes ``generate -o`` writes), seeds ``seed .. seed + count``.
    Read one with :func:`parse`. ``max_seconds``: the budget of each puzzle (exceeded: an
    error, as the command line exits 1)."""
    choices = _choices(
        kind=kind, size=size, count=count, seed=seed, stars=stars, givens=givens, method=method, max_seconds=max_seconds
    )
    return list(_native.generate_texts(choices))


def _source(file: Source) -> Union[str, Puzzle]:
    """A path as a string; anything else read (:func:`_puzzle`)."""
    return os.fspath(file) if isinstance(file, (str, os.PathLike)) else _puzzle(file)


def anneal(
    file: Source,
    *,
    reduce: str = "paper",
    space: str = "full",
    reads: int = 1000,
    sweeps: int = 1000,
    beta_range: Union[None, str, Sequence[float]] = None,
    schedule: str = "geometric",
    seed: int = 0,
    max_seconds: Optional[float] = None,
    penalty: Penalty = None,
) -> Record:
    """Simulated annealing on the reduced QUBO of a puzzle file, the classical baseline: what
    ``quzzle anneal FILE --json`` prints for the same settings (``beta_range``: ``"A,B"`` or two
    numbers; ``penalty`` as :func:`encode`). ``file`` may also be a puzzle or an optimisation
    model (:func:`from_model`)."""
    choices = _choices(
        reduce=reduce,
        penalty=penalty,
        space=space,
        reads=reads,
        sweeps=sweeps,
        beta_range=beta_range,
        schedule=schedule,
        seed=seed,
        max_seconds=max_seconds,
    )
    return Record(json.loads(_native.anneal_json(_source(file), choices)))


def plan(
    file: Source,
    *,
    device: str,
    timing: Optional[str] = None,
    reduce: str = "paper",
    depths: Union[str, int, Sequence[int]] = "1..5",
    space: Optional[str] = None,
    mixer: Optional[str] = None,
    trajectories: int = DEFAULT_TRAJECTORIES,
    truncate: str = "exact",
    optimizer: str = "lbfgs",
    max_iters: int = 200,
    anneal_reads: int = 1000,
    anneal_sweeps: int = 1000,
    seed: int = 0,
    max_seconds: Optional[float] = None,
    out: Union[None, str, "os.PathLike[str]"] = None,
    penalty: Penalty = None,
) -> Record:
    """What a device will give for a puzzle file before any device time is spent: what
    ``quzzle plan FILE --device DEVICE --json`` prints for the same settings (every space and
    mixer whose circuit exports, its noisy P(valid) per depth, the best depth, shots and device
    seconds to a valid board with 99 % confidence, annealing beside). ``max_seconds``: each
    space and mixer gets an equal share of the time left (annealing one too), and one whose
    share runs out keeps the depths it finished while the plan goes on; past the whole budget
    the plan raises. ``out``: also write ``plan.json``, ``plan.csv`` and the figure there, as
    ``plan --out`` does. ``file`` may also be a puzzle or an optimisation model
    (:func:`from_model`); ``penalty`` as :func:`encode`."""
    choices = _choices(
        device=device,
        timing=timing,
        reduce=reduce,
        penalty=penalty,
        depths=depths,
        space=space,
        mixer=mixer,
        trajectories=trajectories,
        truncate=truncate,
        optimizer=optimizer,
        max_iters=max_iters,
        anneal_reads=anneal_reads,
        anneal_sweeps=anneal_sweeps,
        seed=seed,
        max_seconds=max_seconds,
    )
    target = None if out is None else os.fspath(out)
    return Record(json.loads(_native.plan_json(_source(file), choices, target)))


__all__ += ["anneal", "generate", "plan"]
