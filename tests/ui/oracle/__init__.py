"""The oracle: the app's answers checked against the rules core's, generated from the data."""
