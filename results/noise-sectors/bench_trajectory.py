#!/usr/bin/env python3
"""What one noisy trajectory costs, in noiseless evaluations of the block space, on the 24-qubit
XY-ring circuit of queens-6x6-community-069 (rows, `paper`, 2,500 block states) at p = 2.

Measured with the same binary, one thread and two (RAYON_NUM_THREADS), one command after another:
- `quzzle bench FILE --space auto --mixer xy-ring --depth 2 --repeats 1000 --json`: the median
  seconds of one noiseless evaluation of the block space (the statevector kernels);
- `quzzle solve FILE --space auto --mixer xy-ring --depths 2 --init interp --seed 0 --noise heron
  --noise aria --trajectories 1000 --truncate off|exact --json`: the seconds of each model's
  noisy estimate (the report's `seconds`), over its trajectories: `off` keeps every amplitude
  (the sector route before truncation), `exact` drops what can no longer end valid;
- with --aer (the interop venv's Qiskit Aer): the circuit `quzzle qasm --flavor ionq` writes for
  the same angles, run by AerSimulator(method="statevector") under the same Pauli channel (heron's
  rates) for --aer-shots shots, each shot a trajectory on all 2^24 amplitudes.

Usage (from the repository root, on an otherwise idle machine):
    target/interop-venv/bin/python results/noise-sectors/bench_trajectory.py [--quzzle BIN] [--aer]
Writes runs/bench/trajectory-cost.json whole; table.py writes its table into README.md.
"""
import argparse
import json
import os
import pathlib
import platform
import subprocess
import sys
import tempfile
import time

here = pathlib.Path(__file__).parent
root = here.parents[1]
FILE = root.parent / "shared/instances/queens/queens-6x6-community-069.txt"
SPACE = ["--reduce", "paper", "--space", "auto", "--mixer", "xy-ring"]
DEPTH = 2
TRAJECTORIES = 1000
OUT = here / "runs" / "bench" / "trajectory-cost.json"


def run(cmd, threads):
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    return subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout


def cpu():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def aer_seconds(quzzle, solve, shots):
    """Seconds per shot of the same circuit in Aer's noisy statevector simulation."""
    import qiskit.qasm3
    from qiskit_aer import AerSimulator
    from qiskit_aer.noise import NoiseModel, pauli_error

    d = solve["depths"][0]
    model = next(n["model"] for n in d["noisy"] if n["model"]["name"] == "heron")
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "c.qasm"
        angles = [f"{x!r}" for x in d["gammas"]] + [f"{x!r}" for x in d["betas"]]
        subprocess.run([quzzle, "qasm", str(FILE), *SPACE, "--flavor", "ionq", "--depth", str(DEPTH),
                        "--gammas", ",".join(angles[:DEPTH]), "--betas", ",".join(angles[DEPTH:]),
                        "-o", str(out)], check=True, capture_output=True, text=True)
        circuit = qiskit.qasm3.loads(out.read_text())
    p1, p_rz, p2 = model["p1"], model["p_rz"], model["p2"]
    one = lambda p: pauli_error([("X", p / 3), ("Y", p / 3), ("Z", p / 3), ("I", 1 - p)])
    paulis = [a + b for a in "IXYZ" for b in "IXYZ" if a + b != "II"]
    noise = NoiseModel()
    names = set(circuit.count_ops())
    noise.add_all_qubit_quantum_error(one(p1), [g for g in ["h", "x", "rx", "ry"] if g in names])
    if p_rz > 0:
        noise.add_all_qubit_quantum_error(one(p_rz), ["rz"])
    noise.add_all_qubit_quantum_error(pauli_error([(q, p2 / 15) for q in paulis] + [("II", 1 - p2)]), ["cx"])
    sim = AerSimulator(method="statevector", noise_model=noise, seed_simulator=0)
    began = time.perf_counter()
    sim.run(circuit, shots=shots, optimization_level=0).result()
    seconds = time.perf_counter() - began
    gates = sum(v for k, v in circuit.count_ops().items() if k not in ("measure", "barrier"))
    return {"shots": shots, "seconds": seconds, "seconds_per_shot": seconds / shots, "gates": gates,
            "threads": os.cpu_count(), "qiskit_aer": __import__("qiskit_aer").__version__}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quzzle", default=str(root / "target/release/quzzle"))
    parser.add_argument("--aer", action="store_true")
    parser.add_argument("--aer-shots", type=int, default=5)
    args = parser.parse_args()
    if not FILE.exists():
        sys.exit(f"{FILE}: missing (the shared instances)")
    record = {"file": FILE.name, "p": DEPTH, "trajectories": TRAJECTORIES, "cpu": cpu(),
              "cores": os.cpu_count(), "load_before": os.getloadavg()[0],
              "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "version": run([args.quzzle, "--version"], 1).strip(), "threads": {}}
    solve = None
    for threads in (1, 2):
        bench = json.loads(run([args.quzzle, "bench", str(FILE), *SPACE, "--depth", str(DEPTH),
                                "--repeats", "1000", "--json"], threads))
        entry = {"evaluation_seconds": bench["seconds"], "block_states": bench.get("dimension"), "routes": []}
        for rule in ("off", "exact"):
            solve = json.loads(run([args.quzzle, "solve", str(FILE), *SPACE, "--depths", str(DEPTH), "--init",
                                    "interp", "--seed", "0", "--noise", "heron", "--noise", "aria",
                                    "--trajectories", str(TRAJECTORIES), "--truncate", rule, "--json"], threads))
            for n in solve["depths"][0]["noisy"]:
                per = n["seconds"] / n["trajectories"]
                entry["routes"].append({
                    "truncate": rule, "model": n["model"]["name"], "seconds": n["seconds"],
                    "seconds_per_trajectory": per, "evaluations_per_trajectory": per / bench["seconds"],
                    "peak_amplitudes": n["sectors"]["peak_amplitudes"], "p_valid": n["p_valid"],
                    "p_valid_se": n["p_valid_se"],
                })
        record["threads"][str(threads)] = entry
    if args.aer:
        record["aer"] = aer_seconds(args.quzzle, solve, args.aer_shots)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    tmp = OUT.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(record, indent=1) + "\n")
    tmp.replace(OUT)
    print(json.dumps(record, indent=1))


if __name__ == "__main__":
    main()
