"""Type stubs of the extension module (built from python/src/*.rs)."""

import os
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union, final

from typing_extensions import TypeAlias

import numpy as np
import numpy.typing as npt

# A basis state: a bitstring (qubit 0 first), an integer index (qubit q is bit q), or a
# sequence of 0/1 or booleans.
_Bits: TypeAlias = Union[str, int, Sequence[int], Sequence[bool]]
_FloatArray: TypeAlias = npt.NDArray[np.float64]

__all__ = [
    "set_num_threads",
    "num_threads",
    "version",
    "DEFAULT_TRAJECTORIES",
    "Puzzle",
    "Encoding",
    "load",
    "parse",
    "Qaoa",
    "solve_json",
    "sample_json",
    "score_json",
    "sweep_json",
    "request_json",
    "qasm_of_report",
]

DEFAULT_TRAJECTORIES: int

def version() -> str: ...
def set_num_threads(n: Optional[int] = None) -> None:
    """Use ``n`` threads for every later simulation, optimisation and sweep (``None`` or 0:
    rayon's default, one per core unless ``RAYON_NUM_THREADS`` says otherwise)."""

def num_threads() -> int:
    """The number of threads simulations run on."""

def load(path: Union[str, os.PathLike[str]]) -> Puzzle:
    """Read a puzzle file."""

def parse(text: str, name: str = "<string>") -> Puzzle:
    """Read a puzzle from its text (``name`` labels it in messages and reports)."""

@final
class Puzzle:
    """A puzzle read from its text: the board, its givens and the rules of its kind."""

    @property
    def kind(self) -> str: ...
    @property
    def size(self) -> Tuple[int, int]: ...
    @property
    def file(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def solution(self) -> Optional[List[str]]: ...
    def render(self, board: Optional[List[str]] = None) -> str: ...
    def encode(self, reduce: str = "paper", encoding: str = "onehot", penalty: Sequence[str] = ...) -> Encoding:
        """Reduce at ``reduce`` (none, clues, paper, propagate, probe) and encode
        (``onehot``; ``compact`` for Sudoku), each penalty weighed as ``penalty`` says (``NAME=W``
        texts, as ``--penalty``). A contradiction raises ``Unsatisfiable``."""

    def info(
        self, reduce: str = "paper", encoding: str = "onehot", space: str = "auto", penalty: Sequence[str] = ...
    ) -> Dict[str, Any]:
        """The ``quzzle info --json`` report."""

@final
class Encoding:
    """A puzzle encoded on qubits after reduction."""

    @property
    def num_qubits(self) -> int: ...
    @property
    def encoding(self) -> str: ...
    @property
    def reduce(self) -> str: ...
    @property
    def puzzle(self) -> str: ...
    @property
    def file(self) -> str: ...
    @property
    def puzzle_sha256(self) -> str: ...
    @property
    def qubit_cells(self) -> List[List[Tuple[str, bool]]]:
        """For every qubit, ``(cell, negated)`` of the model variables it stands for."""

    @property
    def fixed_cells(self) -> List[Tuple[str, bool]]:
        """``(cell, value)`` of every variable the reduction decided."""

    @property
    def notes(self) -> List[str]: ...
    def info(self, space: str = "auto") -> Dict[str, Any]: ...
    def spaces(self) -> List[Dict[str, Any]]:
        """Every block space of the one-hot encoding (``full``, each usable family, ``auto``)."""

    def ising(self) -> Tuple[_FloatArray, _FloatArray, float]:
        """``(h, J, offset)`` of ``C(z) = offset + sum h_q z_q + sum_{a<b} J_ab z_a z_b``, ``z_q =
        +1`` when bit q is 0; ``J`` upper-triangular n x n. One-hot encodings only."""

    def qubo(self) -> Tuple[_FloatArray, _FloatArray, float]:
        """``(linear, quadratic, offset)`` of the penalty QUBO over the qubits' bits."""

    def cost_diagonal(self) -> _FloatArray:
        """The cost of every basis state (index k: qubit q is bit q of k)."""

    def cost(self, bits: _Bits) -> float: ...
    def board(self, bits: _Bits) -> List[str]:
        """The board of a basis state, one string per row."""

    def render(self, bits: _Bits) -> str: ...
    def is_valid(self, bits: _Bits) -> bool: ...
    def verdict(self, bits: _Bits) -> str:
        """``valid``, ``breaks_only_non_qubo`` or ``invalid``."""

    def solutions(self, limit: int = 1000) -> List[str]:
        """The valid boards' bitstrings (qubit 0 first), by exact search."""

    def to_bqm(self) -> Any:
        """The QUBO as a ``dimod.BinaryQuadraticModel`` (BINARY; needs dimod)."""

    def to_sparse_pauli_op(self) -> Any:
        """The Ising cost as a ``qiskit.quantum_info.SparsePauliOp`` (needs Qiskit)."""

    def qaoa(
        self,
        p: int,
        space: Optional[str] = None,
        mixer: Optional[str] = None,
        objective: str = "energy",
        start: Optional[str] = None,
    ) -> Qaoa:
        """The depth-p QAOA on ``space`` with ``mixer`` (none: the recommended ones), a switch
        mixer from ``start`` (``auto``/none and ``uniform``: uniform over the space;
        ``first-grid``: each grid's first table)."""

    def qasm(
        self,
        gammas: Optional[Sequence[float]] = None,
        betas: Optional[Sequence[float]] = None,
        *,
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
    ) -> Tuple[str, Dict[str, Any]]:
        """The circuit as OpenQASM 3 text and its manifest (as ``quzzle qasm`` writes them), on
        ``space`` with ``mixer`` (none: the recommended circuit among those that export, whatever space the
        angles were optimised on: export a report's circuit with ``Report.qasm``)."""

@final
class Qaoa:
    """The depth-p QAOA circuit of an encoding on a space with a mixer."""

    @property
    def p(self) -> int: ...
    @property
    def num_qubits(self) -> int: ...
    @property
    def num_states(self) -> int: ...
    @property
    def space(self) -> str: ...
    @property
    def mixer(self) -> str: ...
    @property
    def route(self) -> str: ...
    @property
    def objective(self) -> str: ...
    @property
    def valid_indices(self) -> npt.NDArray[np.uint64]: ...
    @property
    def uniform_baseline(self) -> float: ...
    @property
    def basis(self) -> List[str]:
        """The simulated basis as bitstrings (qubit 0 first), in the order of ``statevector``."""

    def ramp_start(self) -> Tuple[_FloatArray, _FloatArray]: ...
    def energy(self, gammas: Sequence[float], betas: Sequence[float]) -> float: ...
    def energy_and_gradient(self, gammas: Sequence[float], betas: Sequence[float]) -> Tuple[float, _FloatArray]:
        """``<C>`` and its gradient ``[d/dgamma_1..p, d/dbeta_1..p]``."""

    def value(self, x: Sequence[float]) -> float:
        """The objective at ``x = [gamma_1..p, beta_1..p]``."""

    def value_and_gradient(self, x: Sequence[float]) -> Tuple[float, _FloatArray]:
        """For ``scipy.optimize.minimize(q.value_and_gradient, x0, jac=True)``."""

    def success_probability(self, gammas: Sequence[float], betas: Sequence[float]) -> float: ...
    def evaluate(self, gammas: Sequence[float], betas: Sequence[float]) -> Dict[str, Any]: ...
    def statevector(self, gammas: Sequence[float], betas: Sequence[float]) -> npt.NDArray[np.complex128]: ...
    def probabilities(self, gammas: Sequence[float], betas: Sequence[float]) -> _FloatArray: ...
    def board(self, k: int) -> List[str]: ...

def solve_json(enc: Encoding, choices: str) -> Tuple[str, str]: ...
def request_json(job: str, choices: str) -> str: ...
def sample_json(manifest: str, source: str, choices: str) -> str: ...
def score_json(counts: str, counts_source: str, manifest: str, manifest_source: str, choices: str) -> str: ...
def sweep_json(choices: str, out: str, progress: Optional[Callable[[Dict[str, Any]], None]]) -> str: ...
def qasm_of_report(
    enc: Encoding,
    report: str,
    p: int,
    flavor: str,
    space: str,
    mixer: str,
    symbolic: bool,
    with_state: bool,
    name: str,
    start: Optional[str] = None,
) -> Tuple[str, Dict[str, Any]]: ...
def score_experiment_json(folder: str, out: Optional[str], choices: str) -> Tuple[str, List[str]]: ...
def predict_json(routed: str, manifest: str, choices: str) -> str: ...
__all__ += ["score_experiment_json", "predict_json"]
def generate_texts(choices: str) -> List[str]: ...
def anneal_json(source: Union[str, os.PathLike[str], Puzzle], choices: str) -> str: ...
def plan_json(source: Union[str, os.PathLike[str], Puzzle], choices: str, out: Optional[Union[str, os.PathLike[str]]] = None) -> str: ...

def save_solve_files(dir: Union[str, os.PathLike[str]], json: str, csv: str) -> List[str]: ...

__all__ += ["generate_texts", "anneal_json", "plan_json", "save_solve_files"]
