"""The app's dialogs: modal screens that ``dismiss`` the value they asked for."""
