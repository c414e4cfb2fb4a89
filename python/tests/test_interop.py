"""The same reduced model in the other tools: Qiskit's statevector of the exported circuit,
Qiskit's SparsePauliOp and dimod's BinaryQuadraticModel of the cost, and counts as the SDKs
hand them back (a get_counts() dict, a SamplerV2 result and its BitArray, an IonQ histogram)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import quzzle
from conftest import data

qiskit = pytest.importorskip("qiskit")
from qiskit.primitives import StatevectorSampler  # noqa: E402
from qiskit.quantum_info import Statevector  # noqa: E402


def full_state_of(q: quzzle.Qaoa, sv: np.ndarray, n: int) -> np.ndarray:
    """A state in the simulated basis, placed in the 2^n basis (qubit q is bit q)."""
    out = np.zeros(2**n, dtype=complex)
    for bits, a in zip(q.basis, sv):
        out[int(bits[::-1], 2)] = a
    return out


@pytest.mark.parametrize(
    "name,space,mixer",
    [
        ("tiny-tango-4x4.txt", "full", "x"),
        ("queens-4x4-handmade.txt", "rows", "xy-ring"),
        ("queens-4x4-handmade.txt", "rows", "grover"),
    ],
)
def test_to_qiskit_statevector_equals_ours(name: str, space, mixer) -> None:
    enc = quzzle.load(data(name)).encode()
    g, b = [0.3, 0.15], [0.7, 0.4]
    q = enc.qaoa(2, space=space, mixer=mixer)
    ours = full_state_of(q, q.statevector(g, b), enc.num_qubits)
    exported = enc.qasm(g, b, space=space, mixer=mixer)
    circuit = quzzle.to_qiskit(exported)
    assert circuit.num_qubits == enc.num_qubits
    theirs = Statevector(circuit.remove_final_measurements(inplace=False)).data
    assert abs(np.vdot(ours, theirs)) ** 2 == pytest.approx(1.0, abs=1e-9)


def test_sparse_pauli_op_diagonal_is_the_cost() -> None:
    enc = quzzle.load(data("tiny-tango-4x4.txt")).encode()
    op = enc.to_sparse_pauli_op()
    assert op.num_qubits == enc.num_qubits
    diag = np.real(np.diag(op.to_matrix(sparse=True).toarray()))
    assert np.allclose(diag, enc.cost_diagonal(), atol=1e-9)


def test_bqm_energies_are_the_cost_on_every_state() -> None:
    dimod = pytest.importorskip("dimod")
    enc = quzzle.load(data("tiny-tango-4x4.txt")).encode()
    bqm = enc.to_bqm()
    assert bqm.vartype == dimod.BINARY and bqm.num_variables == enc.num_qubits
    n = enc.num_qubits
    samples = np.array(list(itertools.product([0, 1], repeat=n)))[:, ::-1]  # row k: bits of k
    energies = bqm.energies((samples, list(range(n))))
    assert np.allclose(energies, enc.cost_diagonal(), atol=1e-9)
    h, J, offset = enc.ising()
    z = 1 - 2 * samples
    ising = offset + z @ h + np.einsum("ki,ij,kj->k", z, J, z)
    assert np.allclose(ising, enc.cost_diagonal(), atol=1e-9)
    for bits in enc.solutions():
        assert enc.cost(bits) == 0.0


def test_score_takes_what_the_sdks_return() -> None:
    enc = quzzle.load(data("tiny-tango-4x4.txt")).encode()
    report = quzzle.solve(enc, depths=2, space="full", mixer="x")
    d = report.depths[-1]
    text, manifest = enc.qasm(d.gammas, d.betas, flavor="ibm", space="full", mixer="x")
    circuit = quzzle.to_qiskit(text)
    result = StatevectorSampler(seed=11).run([circuit], shots=4000).result()
    pub = result[0]
    register = next(iter(pub.data.keys()))
    bit_array = pub.data[register]
    counts = bit_array.get_counts()
    expected = quzzle.score(counts, manifest, format="qiskit")
    for given in (result, pub, pub.data, bit_array):
        scored = quzzle.score(given, manifest)
        assert scored.to_dict() == expected.to_dict()
    assert expected.shots == 4000
    assert expected.simulated_p_valid == pytest.approx(d.success_probability, abs=1e-12)
    assert expected.inside
    # An IonQ histogram: integer keys (qubit 0 least significant), probabilities.
    n = enc.num_qubits
    histogram = {int(b[::-1], 2): c / 4000 for b, c in quzzle.sample(manifest, 4000, format="quzzle")["counts"].items()}
    ionq = quzzle.score(histogram, manifest, shots=4000)
    assert ionq.format == "ionq" and ionq.shots == 4000
    assert ionq.p_valid == pytest.approx(sum(v for k, v in histogram.items() if enc.is_valid(format(k, f"0{n}b")[::-1])), abs=1e-12)
    # A plain dict of bitstrings says nothing of its bit order: refused unless told.
    with pytest.raises(quzzle.ParseError):
        quzzle.score(counts, manifest)
