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
  flips), so that the measured points should fall inside the noisy prediction's band.

Each depth's counts are written to the file the index names (``pNN.counts.json``) as a SamplerV2
result, ``{"<register>": {bitstring: count}}`` with Qiskit's bit order (qubit 0 rightmost),
which ``quzzle score`` reads without being told the format. Depths whose counts file exists are
skipped (``--rerun`` runs them again), so an interrupted run resumes.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, Dict, List


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
        circuit = qiskit.qasm3.loads((folder / depth["qasm"]).read_text())
        circuit.name = f"p{depth['p']:02d}"
        todo.append((depth, circuit, target))
    return todo


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


def run_aer(todo: List[tuple], args: argparse.Namespace, index: Dict[str, Any]) -> List[Dict[str, Dict[str, int]]]:
    from qiskit import transpile
    from qiskit_aer.primitives import SamplerV2

    options: Dict[str, Any] = {"seed_simulator": args.seed}
    if args.noise:
        models = {m["name"]: m for m in index["noise_models"]}
        if args.noise not in models:
            sys.exit(f"--noise {args.noise}: the index predicts under {', '.join(models) or 'no model'}")
        options["noise_model"] = aer_noise_model(models[args.noise])
    # The gates quzzle's noise model counts: rzz becomes cx rz cx, xy_mixer, cry and ccx their
    # definitions in these gates; nothing is merged.
    circuits = [transpile(c, basis_gates=list(NATIVE), optimization_level=0) for _, c, _ in todo]
    sampler = SamplerV2(options={"backend_options": options, "run_options": {"seed_simulator": args.seed}})
    result = sampler.run(circuits, shots=args.shots).result()
    return [{name: result[i].data[name].get_counts() for name in result[i].data.keys()} for i in range(len(todo))]


def run_ibm(todo: List[tuple], args: argparse.Namespace) -> List[Dict[str, Dict[str, int]]]:
    from qiskit import transpile
    from qiskit_ibm_runtime import QiskitRuntimeService, SamplerV2

    service = QiskitRuntimeService()
    backend = service.backend(args.backend)
    circuits = [transpile(c, backend=backend, optimization_level=args.optimization_level) for _, c, _ in todo]
    job = SamplerV2(mode=backend).run(circuits, shots=args.shots)
    print(f"IBM job {job.job_id()} on {args.backend}: waiting for the result")
    result = job.result()
    return [{name: result[i].data[name].get_counts() for name in result[i].data.keys()} for i in range(len(todo))]


def run_ionq(todo: List[tuple], args: argparse.Namespace) -> List[Dict[str, Dict[str, int]]]:
    from qiskit import transpile
    from qiskit_ionq import IonQProvider

    backend = IonQProvider(os.environ.get("IONQ_API_KEY")).get_backend(args.backend)
    out = []
    for depth, circuit, _ in todo:
        job = backend.run(transpile(circuit, backend=backend), shots=args.shots)
        print(f"IonQ job {job.job_id()} (p = {depth['p']}) on {args.backend}: waiting for the result")
        # qiskit-ionq returns Qiskit-ordered counts for the circuit's one register.
        register = circuit.cregs[0].name if circuit.cregs else "c"
        out.append({register: {k: int(v) for k, v in job.result().get_counts().items()}})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="an experiment folder written by `quzzle qasm --depths ... -o DIR`")
    parser.add_argument("--provider", choices=["ibm", "ionq", "aer"], required=True)
    parser.add_argument("--backend", help="the device (ibm, ionq)")
    parser.add_argument("--shots", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=0, help="the simulator's seed (aer)")
    parser.add_argument("--noise", help="aer: simulate under this model of the index (e.g. heron)")
    parser.add_argument("--optimization-level", type=int, default=1, help="ibm: the transpiler's level")
    parser.add_argument("--rerun", action="store_true", help="run depths whose counts file exists again")
    args = parser.parse_args()
    if args.provider != "aer" and not args.backend:
        sys.exit(f"--provider {args.provider} needs --backend")
    index = json.loads((args.folder / "experiment.json").read_text())
    if index.get("experiment") != "quzzle-experiment":
        sys.exit(f"{args.folder}/experiment.json is not a quzzle experiment index")
    todo = load_circuits(args.folder, index, args.rerun)
    if not todo:
        print("every depth has its counts: nothing to run")
        return
    if args.provider == "aer":
        counts = run_aer(todo, args, index)
    elif args.provider == "ibm":
        counts = run_ibm(todo, args)
    else:
        counts = run_ionq(todo, args)
    for (depth, _, target), result in zip(todo, counts):
        # Written whole: a temporary file beside the target, then renamed.
        partial = target.with_suffix(".partial")
        partial.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
        os.replace(partial, target)
        print(f"p = {depth['p']}: {sum(next(iter(result.values())).values())} shots -> {target}")
    print(f"now: quzzle score {args.folder}")


if __name__ == "__main__":
    main()
