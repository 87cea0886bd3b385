"""Custom mechanics, one module per ruleset; importing this package registers them all."""
