"""The comparison the framework tests use (conftest.max_relative_error)."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import max_relative_error


def test_a_missing_result_fails_the_comparison():
    # zip alone stopped at the shorter list: a run that lost its last
    # result compared equal to the reference.
    a, b = np.ones(3, np.float32), np.full(2, 5.0, np.float32)
    assert max_relative_error([a], [a]) == 0
    with pytest.raises(AssertionError):
        max_relative_error([a, b], [a])
    with pytest.raises(AssertionError):
        max_relative_error([a], [a, b])
