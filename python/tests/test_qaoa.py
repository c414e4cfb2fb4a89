"""The simulator from Python: gradients against finite differences, scipy reaching solve's
optimum, states, probabilities and the basis, and the same bits on any thread count."""

from __future__ import annotations

import json
import threading

import numpy as np
import pytest
import scipy.optimize

import quzzle
from conftest import data, without_seconds


@pytest.fixture(scope="module")
def enc() -> quzzle.Encoding:
    return quzzle.load(data("tiny-tango-4x4.txt")).encode()


@pytest.mark.parametrize("space,mixer", [(None, None), ("rows", "xy-ring"), ("rows", "grover")])
def test_gradient_matches_central_differences(enc: quzzle.Encoding, space, mixer) -> None:
    if mixer == "xy-ring":
        enc = quzzle.load(data("queens-4x4-handmade.txt")).encode()
    q = enc.qaoa(3, space=space, mixer=mixer)
    rng = np.random.default_rng(3)
    gammas, betas = rng.uniform(0, 0.5, 3), rng.uniform(0, 1.0, 3)
    value, grad = q.energy_and_gradient(gammas, betas)
    assert value == q.energy(gammas, betas)
    assert grad.shape == (6,)
    x = np.concatenate([gammas, betas])
    h = 1e-6
    for i in range(6):
        up, down = x.copy(), x.copy()
        up[i] += h
        down[i] -= h
        fd = (q.value(up) - q.value(down)) / (2 * h)
        assert abs(fd - grad[i]) <= 1e-5 * max(1.0, abs(grad[i])), (i, fd, grad[i])


def test_scipy_lbfgsb_reaches_solves_optimum(enc: quzzle.Encoding) -> None:
    report = quzzle.solve(enc, depths=1, init="ramp")
    q = enc.qaoa(1)
    x0 = np.concatenate(q.ramp_start())
    found = scipy.optimize.minimize(q.value_and_gradient, x0, jac=True, method="L-BFGS-B")
    assert found.success, found.message
    assert found.fun == pytest.approx(report.depths[0].energy, abs=1e-7)
    # The success objective through the same interface.
    s = enc.qaoa(1, objective="success")
    x = np.array(report.depths[0].gammas + report.depths[0].betas)
    assert -s.value(x) == pytest.approx(report.depths[0].success_probability, abs=1e-14)


def test_state_probabilities_and_evaluate_agree(enc: quzzle.Encoding) -> None:
    q = enc.qaoa(2, space="full", mixer="x")
    g, b = [0.2, 0.3], [0.5, 0.25]
    sv = q.statevector(g, b)
    assert sv.dtype == np.complex128 and sv.shape == (2**enc.num_qubits,)
    probs = q.probabilities(g, b)
    assert np.array_equal(probs, sv.real**2 + sv.imag**2)
    assert probs.sum() == pytest.approx(1.0, abs=1e-12)
    e = q.evaluate(g, b)
    assert e["success_probability"] == q.success_probability(g, b)
    assert e["success_probability"] == pytest.approx(probs[q.valid_indices].sum(), abs=1e-14)
    diag = enc.cost_diagonal()
    assert e["energy"] == pytest.approx(float(probs @ diag), abs=1e-12)
    assert q.basis[int(np.argmax(probs))] == e["top_bitstring"]
    for k in q.valid_indices:
        assert enc.is_valid(q.basis[k])
    assert q.uniform_baseline == len(q.valid_indices) / q.num_states


def test_block_space_basis_and_boards() -> None:
    enc = quzzle.load(data("queens-4x4-handmade.txt")).encode()
    q = enc.qaoa(1, space="rows")
    assert (q.space, q.mixer, q.num_states) == ("rows", "xy-ring", 4**4)
    basis = q.basis
    assert len(basis) == q.num_states and all(b.count("1") == 4 for b in basis)
    for k in q.valid_indices:
        assert enc.board(basis[k]) == q.board(int(k))
        assert enc.is_valid(basis[k])


def test_same_bits_on_any_thread_count(enc: quzzle.Encoding) -> None:
    def run() -> tuple:
        report = quzzle.solve(enc, depths=range(1, 4), restarts=2, init="random", seed=4)
        state = enc.qaoa(3).statevector([0.1, 0.2, 0.3], [0.3, 0.2, 0.1])
        return json.dumps(without_seconds(report.to_dict())), state.tobytes()

    try:
        quzzle.set_num_threads(1)
        assert quzzle.num_threads() == 1
        one = run()
        quzzle.set_num_threads(3)
        assert quzzle.num_threads() == 3
        three = run()
    finally:
        quzzle.set_num_threads(None)
    assert one == three


def test_simulation_releases_the_gil() -> None:
    """While one thread is inside a simulation, another runs Python: a counter it increments
    moves during the call (with the GIL held it could not move at all)."""
    enc = quzzle.load(data("queens-4x4-handmade.txt")).encode()  # 16 qubits
    # The full space, 2^16 amplitudes: the recommended one holds a few states, and its call
    # can end before the counter is scheduled at all.
    q = enc.qaoa(40, space="full", mixer="x")
    angles = ([0.1] * 40, [0.2] * 40)
    counter = [0]
    moved = []
    stop = threading.Event()

    def count() -> None:
        while not stop.is_set():
            counter[0] += 1

    def simulate() -> None:
        before = counter[0]
        q.energy(*angles)
        moved.append(counter[0] - before)

    # One simulation thread, so that a core is left for the counter: with every core taken by
    # the simulation's threads, a short call can end before the counter is scheduled at all.
    quzzle.set_num_threads(1)
    worker = threading.Thread(target=count)
    worker.start()
    try:
        sim = threading.Thread(target=simulate)
        sim.start()
        sim.join()
    finally:
        stop.set()
        worker.join()
        quzzle.set_num_threads(None)
    assert moved[0] > 1000, f"the counter moved {moved[0]} times during the simulation"
