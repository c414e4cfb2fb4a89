"""Run every circuit of a quzzle experiment folder on a device, and write its counts where
`quzzle score DIR` reads them.

    quzzle qasm puzzle.txt --depths 1..5 --optimize --flavor ibm --noise heron -o exp/
    python docs/hardware/run_experiment.py exp/ --provider ibm --backend ibm_fez --shots 4000
    quzzle score exp/                       # hardware.json, hardware.csv, hardware_vs_depth.png

Providers:
- ``ibm``: Qiskit Runtime's SamplerV2 on ``--backend`` (needs ``qiskit-ibm-runtime`` and a saved
  account: ``QiskitRuntimeService.save_account(...)``); each circuit is transpiled for the
  backend (``--optimization-level``) and the job ids are printed.
- ``ionq``: IonQ's cloud through ``qiskit-ionq`` (needs ``IONQ_API_KEY``); ``--backend`` is
  ``ionq_simulator`` or a QPU such as ``qpu.forte-1``. Use the ``ionq`` or ``ibm`` flavour.
- ``aer``: Qiskit Aer's SamplerV2 on this machine, the stand-in device of CI; with ``--noise``,
  a noise model built from the same rates as quzzle's prediction (Pauli errors after each h,
  x, rx, ry, rz and cx, the circuit transpiled to those gates as quzzle counts them; readout
  flips), so that the measured points should fall inside the noisy prediction's band. With
  ``--blocking-qubits K``, Aer's statevector method with cache blocking
  (``blocking_enable=True, blocking_qubits=K``): the state is held as 2^(n-K) chunks of 2^K
  amplitudes. On one machine this is the path a distributed run takes; under ``mpirun`` with an
  Aer built with MPI the chunks are spread over the processes, and only rank 0 writes the
  counts (docs/distributed.md).

Each depth's counts are written to the file the index names (``pNN.counts.json``) in quzzle's
own counts format (``{"format": "quzzle-counts", "counts": {bitstring: count}, ...}``, qubit 0
first), which ``quzzle score`` reads without being told the format, with a ``run`` record: the
provider, backend, job id, noise model, seed, shots, UTC date and the digest of the manifest the
circuit came from (``score`` refuses counts measured for another manifest) and, on ibm and aer,
the device qubit measured into each bit (``measured_qubits``, from the transpiled circuit). On
ibm the backend's properties are saved as ``calibration-BACKEND-DATE.json`` in the folder:
``quzzle score DIR --noise calibration:DIR/calibration-....json --mitigate readout`` then
corrects each bit with its own qubit's readout errors. Each depth's counts file is
written (whole) as soon as that depth has run, with a progress line; Ctrl-C stops the run at
once, keeping the depths written. Depths whose counts file exists are skipped, so an
interrupted run resumes; ``--rerun`` runs them again and keeps
the earlier file as ``pNN.counts.replaced-<date>.json``. A SamplerV2 result with several
parameter bindings in one circuit is refused rather than merged into one count.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple


# One finished depth: its counts `{register: {bitstring: count}}`, a note on how it ran, the
# job id, the MPI rank of this process (0 without MPI) and the device qubit of each bit.
Finished = Tuple[Dict[str, Dict[str, int]], str, Optional[str], int, Optional[List[int]]]

# The gates quzzle's gate-level noise runs (src/circuit/expand.rs).
NATIVE = ("h", "x", "rx", "ry", "rz", "cx")


def load_circuits(folder: Path, index: Dict[str, Any], rerun: bool) -> List[tuple]:
    import qiskit.qasm3

    todo = []
    for depth in index["depths"]:
        target = folder / depth["counts"]
        if target.exists() and not rerun:
            print(f"p = {depth['p']}: {target.name} exists, skipped")
            continue
        text = (folder / depth["qasm"]).read_text()
        # The circuit the index predicts for, not an edited one (older indexes have no digest).
        recorded = depth.get("qasm_sha256")
        if recorded and hashlib.sha256(text.encode()).hexdigest() != recorded:
            sys.exit(
                f"{folder / depth['qasm']}: the circuit differs from the one exported for p = {depth['p']} "
                "(its SHA-256 is not the index's qasm_sha256); export the experiment again"
            )
        circuit = qiskit.qasm3.loads(text)
        circuit.name = f"p{depth['p']:02d}"
        todo.append((depth, circuit, target))
    return todo


def register_counts(pub_result: Any, p: int) -> Dict[str, Dict[str, int]]:
    """``{register: {bitstring: count}}`` of one SamplerV2 PubResult, refusing several
    registers or parameter bindings (whose ``get_counts()`` would merge into one count)."""
    names = list(pub_result.data.keys())
    if len(names) != 1:
        sys.exit(f"p = {p}: {len(names)} classical registers; quzzle's circuits have one, `c`")
    bits = pub_result.data[names[0]]
    if tuple(getattr(bits, "shape", ())) != ():
        sys.exit(
            f"p = {p}: the result holds {bits.shape} parameter bindings of one circuit; "
            "quzzle's circuits are run with one binding each"
        )
    return {names[0]: {key: int(v) for key, v in bits.get_counts().items()}}


def counts_document(depth: Dict[str, Any], result: Dict[str, Dict[str, int]], run: Dict[str, Any]) -> Dict[str, Any]:
    """One depth's counts in quzzle's format (qubit 0 first) with the record of how they were
    measured."""
    ((register, counts),) = result.items()
    return {
        "format": "quzzle-counts",
        "bit_order": "qubit 0 first (character i is q[i])",
        "register": register,
        "shots": sum(counts.values()),
        "counts": {key[::-1]: count for key, count in sorted(counts.items())},
        "run": dict(run, manifest=depth["manifest"], manifest_digest=depth["manifest_digest"]),
    }


def measured_qubits(circuit: Any) -> List[int]:
    """The device qubit measured into each classical bit of a transpiled circuit, bit 0 first:
    `quzzle score DIR --mitigate readout` corrects each bit with that qubit's calibration."""
    layout = [-1] * circuit.num_clbits
    for instruction in circuit.data:
        if instruction.operation.name == "measure":
            qubit = circuit.find_bit(instruction.qubits[0]).index
            layout[circuit.find_bit(instruction.clbits[0]).index] = qubit
    if -1 in layout:
        sys.exit(f"{circuit.name}: bit {layout.index(-1)} is never measured")
    return layout


def aer_noise_model(model: Dict[str, Any]) -> Any:
    """quzzle's Pauli channel as an Aer noise model: after each h, rx (p1), rz (p_rz) and cx
    (p2) a uniformly drawn non-identity Pauli with that probability; readout flips."""
    from qiskit_aer.noise import NoiseModel, ReadoutError, depolarizing_error

    noise = NoiseModel(basis_gates=list(NATIVE))
    # A depolarizing channel of parameter λ applies a non-identity Pauli with probability
    # λ(d² − 1)/d²: λ = p · d²/(d² − 1).
    rates = {"h": model["p1"], "x": model["p1"], "rx": model["p1"], "ry": model["p1"], "rz": model["p_rz"], "cx": model["p2"]}
    for gate, p in rates.items():
        qubits = 2 if gate == "cx" else 1
        if p > 0:
            d2 = 4**qubits
            noise.add_all_qubit_quantum_error(depolarizing_error(p * d2 / (d2 - 1), qubits), [gate])
    r = model["readout"]
    if r > 0:
        noise.add_all_qubit_readout_error(ReadoutError([[1 - r, r], [r, 1 - r]]))
    return noise


def wait(job: Any) -> Any:
    """The result of a submitted job, polled so that Ctrl-C stops the wait at once (a blocking
    `result()` leaves the signal unread until the simulator's thread returns)."""
    while not job.done():
        time.sleep(0.1)
    return job.result()


def run_aer(todo: List[tuple], args: argparse.Namespace, index: Dict[str, Any]) -> Iterator[Finished]:
    """Each depth as it finishes: its counts, a note on how it ran, this process's MPI rank (0
    without MPI) and the simulator qubit measured into each bit."""
    from qiskit import transpile
    from qiskit_aer.primitives import SamplerV2

    options: Dict[str, Any] = {}
    if args.noise:
        models = {m["name"]: m for m in index["noise_models"]}
        if args.noise not in models:
            sys.exit(f"--noise {args.noise}: the index predicts under {', '.join(models) or 'no model'}")
        options["noise_model"] = aer_noise_model(models[args.noise])
    # The gates quzzle's noise model counts: rzz becomes cx rz cx, xy_mixer, cry and ccx their
    # definitions in these gates; nothing is merged.
    circuits = [transpile(c, basis_gates=list(NATIVE), optimization_level=0) for _, c, _ in todo]
    layouts = [measured_qubits(c) for c in circuits]
    if args.blocking_qubits is not None:
        for (counts, note, rank), layout in zip(run_aer_blocked(todo, circuits, args, options), layouts):
            yield counts, note, None, rank, layout
        return
    # One run per depth, each with its own seed (seed + p): depths drawn from one stream would
    # not be independent samples, and the family-wise verdicts of `score DIR` assume they are.
    for (depth, _, _), circuit, layout in zip(todo, circuits, layouts):
        seed = depth_seed(args, depth)
        sampler = SamplerV2(
            options={"backend_options": {**options, "seed_simulator": seed}, "run_options": {"seed_simulator": seed}}
        )
        result = wait(sampler.run([circuit], shots=args.shots))
        yield register_counts(result[0], depth["p"]), "", None, 0, layout


def depth_seed(args: argparse.Namespace, depth: Dict[str, Any]) -> int:
    """The simulator's seed of one depth: --seed + p."""
    return int(args.seed) + int(depth["p"])


def run_aer_blocked(
    todo: List[tuple], circuits: List[Any], args: argparse.Namespace, options: Dict[str, Any]
) -> Iterator[Tuple[Dict[str, Dict[str, int]], str, int]]:
    """The circuits on AerSimulator's statevector method with cache blocking: the state as
    2^(n-K) chunks of 2^K amplitudes, gates applied chunk by chunk, noiseless swaps moving the
    qubits a gate needs into the chunk. Run directly rather than through SamplerV2, whose
    result drops the per-circuit metadata that says whether the blocking took place. The
    counts have SamplerV2's shape and Qiskit's bit order; without noise they are the unblocked
    run's for the same seed (python/tests/test_hardware_scripts.py)."""
    from qiskit_aer import AerSimulator

    k = args.blocking_qubits
    sim = AerSimulator(method="statevector", blocking_enable=True, blocking_qubits=k, **options)
    # One run per depth with its own seed, as the unblocked runs, each given back as it ends.
    for (depth, circuit, _), c in zip(todo, circuits):
        result = wait(sim.run([c], shots=args.shots, seed_simulator=depth_seed(args, depth)))
        # An Aer built with MPI and started by mpirun reports its rank and process count here;
        # every rank gets the whole result.
        rank = int(result.metadata.get("mpi_rank", 0) or 0)
        processes = int(result.metadata.get("num_mpi_processes", 1) or 1)
        i, experiment = 0, result.results[0]
        if not experiment.success:
            sys.exit(f"p = {depth['p']}: Aer failed with --blocking-qubits {k}: {experiment.status}")
        blocking = (experiment.metadata or {}).get("cacheblocking") or {}
        if not blocking.get("enabled") or blocking.get("block_bits") != k:
            sys.exit(
                f"p = {depth['p']}: Aer did not block the state in chunks of {k} qubits "
                f"(its metadata: cacheblocking = {blocking or 'absent'})"
            )
        n = circuit.num_qubits
        register = circuit.cregs[0].name if len(circuit.cregs) == 1 else None
        if register is None:
            sys.exit(f"p = {depth['p']}: {len(circuit.cregs)} classical registers; quzzle's circuits have one, `c`")
        note = (
            f" (Aer statevector, cache blocking: {n} qubits as {2 ** (n - k)} chunks of {k}, "
            f"{processes} process{'es' if processes > 1 else ''})"
        )
        yield {register: {key: int(v) for key, v in result.get_counts(i).items()}}, note, rank


def run_ibm(todo: List[tuple], args: argparse.Namespace) -> Iterator[Finished]:
    """Each depth's counts, its job id and the device qubit measured into each bit (the depths
    run as one job, so they finish together); the backend's properties (its calibration) are
    saved in the folder beside the counts."""
    from qiskit import transpile
    from qiskit_ibm_runtime import QiskitRuntimeService, SamplerV2

    service = QiskitRuntimeService()
    backend = service.backend(args.backend)
    circuits = [transpile(c, backend=backend, optimization_level=args.optimization_level) for _, c, _ in todo]
    job = SamplerV2(mode=backend).run(circuits, shots=args.shots)
    print(f"IBM job {job.job_id()} on {args.backend}: waiting for the result", flush=True)
    result = job.result()
    save_calibration(args.folder, args.backend, backend.properties().to_dict())
    for i, ((depth, _, _), circuit) in enumerate(zip(todo, circuits)):
        yield register_counts(result[i], depth["p"]), "", job.job_id(), 0, measured_qubits(circuit)


def save_calibration(folder: Path, backend: str, properties: Dict[str, Any]) -> Path:
    """The backend's properties as `calibration-BACKEND-DATE.json` in `folder` (written whole),
    for `quzzle score DIR --noise calibration:FILE --mitigate readout`."""
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = folder / f"calibration-{backend}-{stamp}.json"
    partial = target.with_suffix(".partial")
    partial.write_text(json.dumps(properties, indent=1, sort_keys=True, default=str) + "\n")
    os.replace(partial, target)
    print(f"calibration of {backend}: {target}")
    return target


def run_ionq(todo: List[tuple], args: argparse.Namespace) -> Iterator[Finished]:
    """Each depth's counts and job id, one job per depth. IonQ debiases jobs of 500 shots or
    more by default; its results are then read averaged (`sharpen=False`): the sharpened
    ones, a plurality vote over the variants, reshape the distribution P(valid) is read from,
    and `quzzle score` refuses counts whose `run` says `sharpen: true`."""
    from qiskit import transpile
    from qiskit_ionq import IonQProvider

    backend = IonQProvider(os.environ.get("IONQ_API_KEY")).get_backend(args.backend)
    for depth, circuit, _ in todo:
        job = backend.run(transpile(circuit, backend=backend), shots=args.shots)
        print(f"IonQ job {job.job_id()} (p = {depth['p']}) on {args.backend}: waiting for the result", flush=True)
        # qiskit-ionq returns Qiskit-ordered counts for the circuit's one register.
        register = circuit.cregs[0].name if circuit.cregs else "c"
        counts = job.result(sharpen=False).get_counts()
        # A trapped-ion device reports no per-qubit readout calibration to map bits onto.
        yield {register: {k: int(v) for k, v in counts.items()}}, "", job.job_id(), 0, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="an experiment folder written by `quzzle qasm --depths ... -o DIR`")
    parser.add_argument("--provider", choices=["ibm", "ionq", "aer"], required=True)
    parser.add_argument("--backend", help="the device (ibm, ionq)")
    parser.add_argument("--shots", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=0, help="the simulator's seed (aer): depth p runs with seed + p")
    parser.add_argument("--noise", help="aer: simulate under this model of the index (e.g. heron)")
    parser.add_argument("--optimization-level", type=int, default=1, help="ibm: the transpiler's level")
    parser.add_argument(
        "--blocking-qubits",
        type=int,
        metavar="K",
        help="aer: the statevector in chunks of K qubits (Aer's blocking_enable, blocking_qubits), "
        "2 <= K < the circuits' qubits; the chunks are spread over the processes of mpirun "
        "when Aer is built with MPI (docs/distributed.md)",
    )
    parser.add_argument("--rerun", action="store_true", help="run depths whose counts file exists again")
    args = parser.parse_args()
    if args.provider != "aer" and not args.backend:
        sys.exit(f"--provider {args.provider} needs --backend")
    if args.blocking_qubits is not None and args.provider != "aer":
        parser.error(
            f"--blocking-qubits is Qiskit Aer's cache blocking: it needs --provider aer, "
            f"not --provider {args.provider} (a device holds no statevector)"
        )
    index = json.loads((args.folder / "experiment.json").read_text())
    if index.get("experiment") != "quzzle-experiment":
        sys.exit(f"{args.folder}/experiment.json is not a quzzle experiment index")
    if args.blocking_qubits is not None:
        k, n = args.blocking_qubits, index["qubits"]
        # Aer widens a chunk to the widest gate (cx: 2 qubits) and does not block a circuit
        # of at most K qubits; either way the run would not be the one asked for.
        if not 2 <= k < n:
            parser.error(
                f"--blocking-qubits {k}: the circuits have {n} qubits, and a chunk must hold at least "
                f"the 2 qubits of a cx and fewer than all {n}: take K in 2..{n - 1}"
            )
    todo = load_circuits(args.folder, index, args.rerun)
    if not todo:
        print("every depth has its counts: nothing to run")
        return
    if args.provider == "aer":
        finished = run_aer(todo, args, index)
    elif args.provider == "ibm":
        finished = run_ibm(todo, args)
    else:
        finished = run_ionq(todo, args)
    written: List[int] = []
    try:
        for (depth, _, target), (result, note, job, rank, layout) in zip(todo, finished):
            if rank != 0:
                # Every MPI rank holds the whole result; rank 0 alone writes it.
                continue
            write_depth(args, depth, target, result, note, job, layout)
            written.append(depth["p"])
    except KeyboardInterrupt:
        done = ", ".join(f"p = {p}" for p in written) or "none"
        print(
            f"interrupted: depths written: {done}; the same command resumes with the others",
            file=sys.stderr,
            flush=True,
        )
        stop(130)
    print(f"now: quzzle score {args.folder}")


def stop(code: int) -> None:
    """Exit with `code` now: a simulator thread still running would hold a plain exit until
    it ends, so then the process ends without waiting (every written file is whole)."""
    sys.stdout.flush()
    sys.stderr.flush()
    if threading.active_count() > 1:
        os._exit(code)
    sys.exit(code)


def write_depth(
    args: argparse.Namespace,
    depth: Dict[str, Any],
    target: Path,
    result: Dict[str, Dict[str, int]],
    note: str,
    job: Optional[str],
    layout: Optional[List[int]],
) -> None:
    """One depth's counts file, written whole (temporary file, then renamed) as soon as the
    depth has run, with a progress line: an interrupted run keeps every finished depth."""
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    run: Dict[str, Any] = {
        "provider": args.provider,
        "backend": args.backend or ("aer_simulator" if args.provider == "aer" else None),
        "job_id": job,
        "noise": args.noise,
        "seed": depth_seed(args, depth) if args.provider == "aer" else None,
        "shots_asked": args.shots,
        "date": date,
    }
    if layout is not None:
        run["measured_qubits"] = layout
    if args.provider == "ionq":
        # The averaged results were fetched (run_ionq).
        run["sharpen"] = False
    doc = counts_document(depth, result, run)
    if target.exists():
        # --rerun: the earlier counts are kept beside, never replaced silently.
        kept = target.with_name(target.name.replace(".counts.json", f".counts.replaced-{date.replace(':', '')}.json"))
        os.replace(target, kept)
        print(f"p = {depth['p']}: the earlier counts were moved to {kept.name}")
    # Written whole: a temporary file beside the target, then renamed.
    partial = target.with_suffix(".partial")
    partial.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    os.replace(partial, target)
    print(f"p = {depth['p']}: {doc['shots']} shots -> {target}{note}", flush=True)


if __name__ == "__main__":
    main()
