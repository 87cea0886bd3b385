"""Shipped data: rulesets and scenarios, read through importlib.resources."""
