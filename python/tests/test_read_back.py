"""Nothing read back on trust (issue 58, the Python side): SDK results with several parameter
bindings, a report's circuit exported on its own space, depth and thread caps checked before
anything is allocated, malformed boards and angles refused, reports that pickle and copy,
numpy numbers in counts and depths, and Ctrl-C that stops a long call."""

from __future__ import annotations

import copy
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

import quzzle
from conftest import ROOT, data


def tango() -> quzzle.Encoding:
    return quzzle.load(data("tiny-tango-4x4.txt")).encode()


# --- Item 5: a SamplerV2 result of several parameter bindings -------------------------------


def test_several_parameter_bindings_are_refused_not_merged() -> None:
    containers = pytest.importorskip("qiskit.primitives.containers")
    enc = tango()
    n = enc.num_qubits
    _, manifest = enc.qasm([0.1], [0.2], flavor="ibm")
    one = {"0" * n: 3, "1" * n: 1}
    two = {"0" * n: 1, "1" * n: 3}
    bits = containers.BitArray.from_counts([one, two], num_bits=n)
    assert bits.shape == (2,)
    data_bin = containers.DataBin(c=bits, shape=bits.shape)
    pub = containers.PubResult(data_bin)
    result = containers.PrimitiveResult([pub])
    for given in (bits, data_bin, pub, result):
        with pytest.raises(quzzle.InvalidArgument, match=r"2 parameter bindings.*\[0\]") as caught:
            quzzle.score(given, manifest)
        assert "one at a time" in str(caught.value)
    # One binding picked: scored as its own shots.
    assert quzzle.score(bits[1], manifest).shots == 4
    assert quzzle.score(bits[1], manifest).to_dict() == quzzle.score(two, manifest, format="qiskit").to_dict()


# --- Item 19: numpy numbers, non-integral depths, a Qiskit Result ----------------------------


def test_numpy_integers_in_counts_are_read_and_other_values_refused() -> None:
    enc = tango()
    n = enc.num_qubits
    _, manifest = enc.qasm([0.1], [0.2])
    plain = {"0" * n: 3, "1" * n: 5}
    expected = quzzle.score(plain, manifest, format="qiskit").to_dict()
    as_numpy = {k: np.int64(v) for k, v in plain.items()}
    assert quzzle.score(as_numpy, manifest, format="qiskit").to_dict() == expected
    ionq = {np.int64(0): np.int32(3), np.uint16(2**n - 1): np.int64(5)}
    assert quzzle.score(ionq, manifest).shots == 8
    for bad in ({"0" * n: "three"}, {"0" * n: None}, {"0" * n: 2.5j}):
        with pytest.raises(quzzle.InvalidArgument, match="count"):
            quzzle.score(bad, manifest, format="qiskit")
    # Every counts format sample writes is still read, numpy counts inside too.
    for fmt in ("quzzle", "sampler"):
        written = quzzle.sample(manifest, 10, seed=4, format=fmt)
        assert quzzle.score(written, manifest).shots == 10
    sampler = quzzle.sample(manifest, 10, seed=4, format="sampler")
    register = next(iter(sampler))
    sampler[register] = {k: np.int64(v) for k, v in sampler[register].items()}
    assert quzzle.score(sampler, manifest).shots == 10


def test_non_integral_depths_are_refused() -> None:
    enc = tango()
    for bad in ([1.9, 2.9], 2.5, [1, "2"], np.array([1.5])):
        with pytest.raises(quzzle.InvalidArgument, match="depth"):
            quzzle.solve(enc, depths=bad)
    assert [d.p for d in quzzle.solve(enc, depths=np.arange(1, 3)).depths] == [1, 2]
    assert [d.p for d in quzzle.solve(enc, depths=np.int64(2)).depths] == [2]
    assert [d.p for d in quzzle.solve(enc, depths=[2.0]).depths] == [2]


def test_a_qiskit_result_from_aer_is_scored() -> None:
    pytest.importorskip("qiskit_aer")
    from qiskit_aer import AerSimulator

    enc = tango()
    text, manifest = enc.qasm([0.3], [0.7], flavor="ibm")
    circuit = quzzle.to_qiskit(text)
    result = AerSimulator(seed_simulator=3).run(circuit, shots=500).result()
    scored = quzzle.score(result, manifest)
    assert scored.shots == 500
    assert scored.to_dict() == quzzle.score(result.get_counts(), manifest, format="qiskit").to_dict()
    two = AerSimulator(seed_simulator=3).run([circuit, circuit], shots=100).result()
    with pytest.raises(quzzle.InvalidArgument, match="2 circuits"):
        quzzle.score(two, manifest)


# --- Item 8a: a report's circuit, on the report's space and mixer -----------------------------


def test_report_exports_its_own_circuit() -> None:
    enc = quzzle.load(data("queens-4x4-handmade.txt")).encode()
    rep = quzzle.solve(enc, depths=[1, 2, 3], space="rows", mixer="xy-ring")
    d = rep.depths[2]
    text, manifest = rep.qasm(3, flavor="ibm")
    assert (manifest["space"], manifest["mixer"], manifest["depth"]) == ("rows", "xy-ring", 3)
    assert (manifest["gammas"], manifest["betas"]) == (d.gammas, d.betas)
    assert manifest["success_probability"] == pytest.approx(d.success_probability, abs=1e-12)
    same, _ = enc.qasm(d.gammas, d.betas, flavor="ibm", space="rows", mixer="xy-ring")
    assert text == same
    # The bare export is the recommended circuit, as documented: another circuit here.
    bare, other_circuit = enc.qasm(d.gammas, d.betas, flavor="ibm")
    recommended = enc.info()["recommended_circuit"]
    assert (other_circuit["space"], other_circuit["mixer"]) == (recommended["space"], recommended["mixer"])
    assert other_circuit["chosen"].startswith("recommended: ") and bare != text
    with pytest.raises(quzzle.QuzzleError, match="p = 4"):
        rep.qasm(4)
    # Another encoding's report is refused by its identity.
    other = quzzle.load(data("queens-4x4-handmade.txt")).encode(reduce="none")
    with pytest.raises(quzzle.InvalidArgument, match="reduce"):
        rep.qasm(1, enc=other)
    # Read back from pickle, the report still exports (the encoding travels by its file).
    again = pickle.loads(pickle.dumps(rep))
    assert again.qasm(3, flavor="ibm")[0] == text


# --- Item 8: one depth cap, checked before allocating -----------------------------------------


def test_depth_is_capped_before_allocating() -> None:
    enc = tango()
    for p in (2**63, 10**9, 257):
        began = time.monotonic()
        with pytest.raises(quzzle.InvalidArgument, match="256") as caught:
            enc.qaoa(p).ramp_start()
        assert time.monotonic() - began < 1.0, p
        assert "depth" in str(caught.value)
    with pytest.raises(quzzle.InvalidArgument, match="256"):
        quzzle.solve(enc, depths=257)
    with pytest.raises(quzzle.InvalidArgument, match="256"):
        quzzle.solve(enc, depths="1..300")
    with pytest.raises(quzzle.InvalidArgument, match="256"):
        enc.qasm(optimize=True, p=1000)
    assert len(enc.qaoa(256).ramp_start()[0]) == 256


# --- Item 9: a board of the wrong shape -------------------------------------------------------


def test_render_refuses_a_board_of_the_wrong_shape() -> None:
    pz = quzzle.load(data("tiny-tango-4x4.txt"))
    for bad, expected in (([], "4 rows"), (["x"], "4 rows"), (["....", "....", "....", ".."], "4 characters")):
        with pytest.raises(quzzle.InvalidArgument, match=expected):
            pz.render(bad)
    assert pz.render(pz.solution)


# --- Item 10: the basis as strings, checked against memory ------------------------------------


QUEENS_5X5 = """puzzle: queens
size: 5x5
regions: 5

[regions]
AAABB
ABBBC
ADCCC
DDDEC
DEEEE
"""


def test_basis_that_would_not_fit_is_refused_before_allocating(tmp_path: Path) -> None:
    script = textwrap.dedent(
        """
        import resource, sys
        import quzzle
        enc = quzzle.load(sys.argv[1]).encode(reduce="none")
        assert enc.num_qubits == 25, enc.num_qubits
        q = enc.qaoa(1, space="full", mixer="x")
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
        try:
            q.basis
        except quzzle.DoesNotFit as e:
            print("refused:", e)
        """
    )
    board = tmp_path / "queens-5x5.txt"
    board.write_text(QUEENS_5X5)
    done = subprocess.run([sys.executable, "-c", script, str(board)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "refused:" in done.stdout and "25 qubits" in done.stdout, done.stdout


# --- Item 11: records pickle and copy ---------------------------------------------------------


def test_records_reports_and_sweep_results_pickle_and_copy(tmp_path) -> None:
    enc = tango()
    rep = quzzle.solve(enc, depths=[1, 2])
    swept = quzzle.sweep([data("tiny-tango-4x4.txt")], tmp_path, depths=1)
    scored = quzzle.score({"0" * enc.num_qubits: 2}, enc.qasm([0.1], [0.2])[1], format="qiskit")
    for obj in (rep, rep.depths[0], swept, scored):
        for again in (pickle.loads(pickle.dumps(obj)), copy.copy(obj), copy.deepcopy(obj)):
            assert type(again) is type(obj)
            assert again.to_dict() == obj.to_dict()
            assert dict(again) == dict(obj)
    assert pickle.loads(pickle.dumps(rep)).to_json() == rep.to_json()
    assert pickle.loads(pickle.dumps(rep)).depths[1].p == 2
    deep = copy.deepcopy(rep)
    assert deep.depths[0] is not rep.depths[0] and deep.depths[0] == rep.depths[0]


# --- Sweep progress in rows -------------------------------------------------------------------


def test_sweep_progress_counts_rows(tmp_path) -> None:
    events = []
    files = [data("tiny-tango-4x4.txt"), data("takuzu-4x4-qasm.txt")]
    quzzle.sweep(files, tmp_path, depths="1..2", init=["ramp", "interp"], progress=events.append)
    rows = [e for e in events if e["event"] == "row"]
    assert [(e["done"], e["total"]) for e in rows] == [(i, 8) for i in range(1, 9)]
    assert rows[-1]["work_done"] == pytest.approx(rows[-1]["work_total"])


# --- Item 7: angles whose products overflow ---------------------------------------------------


def test_huge_angles_are_refused_not_nan() -> None:
    enc = tango()
    q = enc.qaoa(2)
    for call in (
        lambda: q.energy([1e308] * 2, [0.1] * 2),
        lambda: q.success_probability([1e308] * 2, [0.1] * 2),
        lambda: q.statevector([0.1] * 2, [1e308] * 2),
        lambda: q.value([1e308] * 4),
        lambda: q.energy_and_gradient([1e308] * 2, [0.1] * 2),
        lambda: q.energy([float("inf")] * 2, [0.1] * 2),
    ):
        with pytest.raises(quzzle.InvalidArgument, match="angle"):
            call()


# --- Item 15: thread counts far beyond the machine --------------------------------------------


def test_absurd_thread_counts_are_refused_at_once() -> None:
    began = time.monotonic()
    for n in (100_000, 10**9):
        with pytest.raises(quzzle.InvalidArgument, match="threads"):
            quzzle.set_num_threads(n)
    assert time.monotonic() - began < 1.0
    before = quzzle.num_threads()
    quzzle.set_num_threads(2)
    assert quzzle.num_threads() == 2
    quzzle.set_num_threads(None)
    assert quzzle.num_threads() == before


# --- Item 14: Ctrl-C stops a long call --------------------------------------------------------


LONG = textwrap.dedent(
    """
    import signal
    import sys
    import quzzle
    # A shell without job control starts background jobs with SIGINT ignored, and Python then
    # installs no KeyboardInterrupt handler: take Ctrl-C as an interactive session does.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    quzzle.set_num_threads(1)
    what, board, out = sys.argv[1:4]
    print("started", flush=True)
    if what == "solve":
        enc = quzzle.load(board).encode(reduce="none")
        quzzle.solve(enc, depths="1..60", init="random", restarts=200, max_iters=10000)
    else:
        quzzle.sweep([board] * 1, out, depths="1..60", init="random", restarts=200, max_iters=10000, reduce="none")
    print("finished", flush=True)
    """
)


@pytest.mark.parametrize("what", ["solve", "sweep"])
def test_ctrl_c_stops_a_long_call(what: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [sys.executable, "-c", LONG, what, data("tiny-tango-4x4.txt"), str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "started"
    time.sleep(1.5)
    assert proc.poll() is None, "the workload finished before the interrupt"
    proc.send_signal(signal.SIGINT)
    began = time.monotonic()
    try:
        _, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    waited = time.monotonic() - began
    assert "KeyboardInterrupt" in err, err
    assert proc.returncode != 0
    # The call stops in well under a second and the process exits within about 3 s; 10 s
    # leaves room for a loaded machine. Uninterrupted, the workload runs for minutes.
    assert waited < 10.0, f"stopped {waited:.1f} s after Ctrl-C"
    assert not (out / "sweep.lock").exists()
    if what == "sweep":
        assert (out / "sweep.csv").exists()
