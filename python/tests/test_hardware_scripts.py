"""The hardware experiment end to end, with Qiskit Aer's sampler as the device: `quzzle qasm
--depths` writes the job, docs/hardware/run_experiment.py runs it (noiseless, under an Aer noise
model built from the same preset, and with the statevector in chunks as a distributed run holds
it), and `quzzle score DIR` judges every depth."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, data, run_cli

pytest.importorskip("qiskit_aer")
SCRIPT = ROOT / "docs" / "hardware" / "run_experiment.py"


def run_script(*args: str) -> str:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_noiseless_device_matches_the_noiseless_prediction(quzzle_bin: str, tmp_path: Path) -> None:
    folder = tmp_path / "exp"
    run_cli(quzzle_bin, ["qasm", data("tiny-tango-4x4.txt"), "--depths", "1..3", "--optimize", "--flavor", "ibm", "-o", str(folder)])
    index = json.loads((folder / "experiment.json").read_text())
    assert [d["p"] for d in index["depths"]] == [1, 2, 3]
    run_script(str(folder), "--provider", "aer", "--shots", "4000", "--seed", "7")
    # A second run resumes: nothing left to run.
    assert "nothing to run" in run_script(str(folder), "--provider", "aer")
    scored = json.loads(run_cli(quzzle_bin, ["score", str(folder), "--confidence", "0.999", "--json"]))
    assert [d["p"] for d in scored["depths"]] == [1, 2, 3] and scored["missing"] == []
    for d in scored["depths"]:
        assert d["shots"] == 4000 and d["inside"], d
    for name in ("hardware.json", "hardware.csv", "hardware_vs_depth.png", "hardware_vs_depth.svg"):
        assert (folder / name).stat().st_size > 0
    # Each counts file says how it was measured, and for which manifest.
    counts = json.loads((folder / "p02.counts.json").read_text())
    run = counts["run"]
    assert counts["format"] == "quzzle-counts" and counts["shots"] == 4000
    assert (run["provider"], run["backend"], run["seed"], run["shots_asked"]) == ("aer", "aer_simulator", 7 + 2, 4000)
    assert run["manifest"] == "p02.json" and run["manifest_digest"] == index["depths"][1]["manifest_digest"]
    assert run["date"].endswith("Z")
    # Each depth draws from its own seed (--seed + p), so the depths are independent samples.
    assert json.loads((folder / "p01.counts.json").read_text())["run"]["seed"] == 7 + 1
    assert all(f["consistent"] for f in scored["family_wise"]), scored["family_wise"]
    assert scored["depths"][1]["run"]["backend"] == "aer_simulator"
    # --rerun keeps the earlier counts beside the new ones.
    run_script(str(folder), "--provider", "aer", "--shots", "1000", "--seed", "8", "--rerun")
    kept = sorted(f.name for f in folder.iterdir() if ".counts.replaced-" in f.name)
    assert len(kept) == 3 and kept[0].startswith("p01.counts.replaced-"), kept
    assert json.loads((folder / "p01.counts.json").read_text())["shots"] == 1000
    # Counts of these circuits copied into a new export are refused, not scored against it.
    other = tmp_path / "other"
    run_cli(quzzle_bin, ["qasm", data("tiny-tango-4x4.txt"), "--depths", "1..3", "--optimize", "--flavor", "portable", "-o", str(other)])
    shutil.copy(folder / "p01.counts.json", other / "p01.counts.json")
    done = subprocess.run([quzzle_bin, "score", str(other)], capture_output=True, text=True)
    assert done.returncode == 2 and "another manifest" in done.stderr, done.stderr


@pytest.mark.parametrize(
    "name,circuit",
    [
        ("tiny-tango-4x4.txt", []),
        # An XY-ring circuit of a Queens board on its row space (Dicke preparation included),
        # whose noise quzzle runs gate by gate on the full state.
        ("nqueens-5-given.txt", ["--space", "rows", "--mixer", "xy-ring"]),
    ],
)
def test_noisy_device_matches_the_noisy_prediction(quzzle_bin: str, tmp_path: Path, name: str, circuit: list) -> None:
    folder = tmp_path / "exp"
    model = "p1=2e-3,p2=1e-2,readout=0.01"
    run_cli(
        quzzle_bin,
        ["qasm", data(name), "--depths", "1..2", "--optimize", "--flavor", "ibm", *circuit, "--noise", model, "--trajectories", "400", "-o", str(folder)],
    )
    run_script(str(folder), "--provider", "aer", "--noise", model, "--shots", "6000", "--seed", "5")
    scored = json.loads(run_cli(quzzle_bin, ["score", str(folder), "--json"]))
    for d in scored["depths"]:
        (verdict,) = d["noisy"]
        assert verdict["model"] == model
        assert abs(verdict["z"]) < 4, d
    # The noise is visible: at p = 2 the device is below the noiseless prediction.
    p2 = scored["depths"][1]
    assert p2["interval"][1] < p2["simulated_p_valid"]


def test_blocked_statevector_gives_the_unblocked_counts(quzzle_bin: str, tmp_path: Path) -> None:
    """`--blocking-qubits K`: Aer's statevector in chunks of K qubits, the path a distributed
    run takes (docs/distributed.md), here in one process. The seed's draws are the unblocked
    run's, count for count; `score DIR` takes them, and the job's files are left as exported."""
    plain, blocked = tmp_path / "plain", tmp_path / "blocked"
    run_cli(quzzle_bin, ["qasm", data("tiny-tango-4x4.txt"), "--depths", "1..2", "--optimize", "--flavor", "ibm", "-o", str(plain)])
    shutil.copytree(plain, blocked)
    exported = {f.name: f.read_bytes() for f in blocked.iterdir()}
    run_script(str(plain), "--provider", "aer", "--shots", "4000", "--seed", "3")
    out = run_script(str(blocked), "--provider", "aer", "--shots", "4000", "--seed", "3", "--blocking-qubits", "4")
    # 11 qubits in 2^7 chunks of 4: Aer's metadata says the blocking took place.
    assert out.count("cache blocking: 11 qubits as 128 chunks of 4, 1 process") == 2, out
    for name in ("p01.counts.json", "p02.counts.json"):
        assert json.loads((blocked / name).read_text())["counts"] == json.loads((plain / name).read_text())["counts"], name
    assert {f.name: f.read_bytes() for f in blocked.iterdir() if f.name in exported} == exported
    scores = [json.loads(run_cli(quzzle_bin, ["score", str(f), "--confidence", "0.999", "--json"])) for f in (plain, blocked)]
    assert scores[1]["missing"] == []
    for a, b in zip(scores[0]["depths"], scores[1]["depths"]):
        assert b["shots"] == 4000 and b["valid_shots"] == a["valid_shots"] and b["inside"], b


def test_blocking_qubits_is_refused_where_it_cannot_run(quzzle_bin: str, tmp_path: Path) -> None:
    folder = tmp_path / "exp"
    run_cli(quzzle_bin, ["qasm", data("tiny-tango-4x4.txt"), "--depths", "1..1", "--optimize", "--flavor", "ibm", "-o", str(folder)])
    for args, message in [
        (["--provider", "ibm", "--backend", "ibm_fez", "--blocking-qubits", "4"], "it needs --provider aer, not --provider ibm"),
        (["--provider", "aer", "--blocking-qubits", "11"], "the circuits have 11 qubits"),
        (["--provider", "aer", "--blocking-qubits", "1"], "take K in 2..10"),
    ]:
        done = subprocess.run([sys.executable, str(SCRIPT), str(folder), *args], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr)
    assert not (folder / "p01.counts.json").exists()


def load_script():
    import importlib.util

    spec = importlib.util.spec_from_file_location("run_experiment", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_depth_is_written_as_it_finishes_and_ctrl_c_keeps_them(
    quzzle_bin: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    """A run stopped after its first depth (Ctrl-C while the second runs) has written that
    depth's counts, whole, with its progress line, and exits 130; the same command then
    resumes with the other depths."""
    folder = tmp_path / "exp"
    run_cli(quzzle_bin, ["qasm", data("tiny-tango-4x4.txt"), "--depths", "1..3", "--optimize", "--flavor", "ibm", "-o", str(folder)])
    script = load_script()
    real = script.run_aer
    seen = []

    def interrupted(todo, args, index):
        for i, finished in enumerate(real(todo, args, index)):
            # The earlier depth is on disk before the next one is asked for.
            seen.append(sorted(f.name for f in folder.glob("p0*.counts.json")))
            if i == 1:
                raise KeyboardInterrupt
            yield finished

    monkeypatch.setattr(script, "run_aer", interrupted)

    def stop(code: int) -> None:
        # The script ends the process at once (os._exit) while a simulator thread runs; here,
        # inside pytest, the exit is raised instead, so that the test process goes on.
        raise SystemExit(code)

    monkeypatch.setattr(script, "stop", stop)
    monkeypatch.setattr(sys, "argv", ["run_experiment.py", str(folder), "--provider", "aer", "--shots", "500"])
    with pytest.raises(SystemExit) as stopped:
        script.main()
    assert stopped.value.code == 130
    assert seen == [[], ["p01.counts.json"]], seen
    out = capsys.readouterr()
    assert "p = 1: 500 shots -> " in out.out and "depths written: p = 1;" in out.err, out
    assert sorted(f.name for f in folder.iterdir() if "counts" in f.name or f.suffix == ".partial") == ["p01.counts.json"]
    # Resumed: depth 1 is skipped, 2 and 3 run.
    out = run_script(str(folder), "--provider", "aer", "--shots", "500")
    assert "p = 1: p01.counts.json exists, skipped" in out and "p = 3: 500 shots" in out, out


def test_an_edited_circuit_is_not_run(quzzle_bin: str, tmp_path: Path) -> None:
    folder = tmp_path / "exp"
    run_cli(quzzle_bin, ["qasm", data("tiny-tango-4x4.txt"), "--depths", "1..1", "--optimize", "--flavor", "ibm", "-o", str(folder)])
    qasm = folder / "p01.qasm"
    qasm.write_text(qasm.read_text() + "// edited after the export\n")
    done = subprocess.run([sys.executable, str(SCRIPT), str(folder), "--provider", "aer"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1 and "the circuit differs" in done.stderr, done.stderr
    assert not (folder / "p01.counts.json").exists()
