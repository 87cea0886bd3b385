"""The app's full screens, one per module (the resolve screen is a small package)."""
