"""The Textual table-side app (imported only by the UI, never by the rules core)."""
