"""The oracle's player on the resolve screen (the plan and the core's answers: tests/oracle)."""
