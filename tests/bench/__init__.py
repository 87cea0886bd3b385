"""Benchmarks: ``python -m tests.bench`` measures issue 21's targets and prints the table;
tests/bench/test_quick.py runs them briefly in the test suite (see cases.py)."""
