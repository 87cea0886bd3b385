"""The join addresses as QR codes drawn in the terminal, for the phones' cameras (segno)."""

from __future__ import annotations

import io


def qr_text(url: str) -> str:
    """``url`` as a QR code of text (two rows a line, half blocks), dark on light; without
    segno (a ``[web]`` extra installed before it was added), a line saying so."""
    try:
        import segno
    except ImportError:
        return "(a QR code needs segno: pip install 'drumhead[web]')\n"

    code = segno.make(url, error="l", micro=False)
    rows = [list(row) for row in code.matrix_iter(scale=1, border=2)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    out = io.StringIO()
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        for a, b in zip(top, bottom, strict=True):
            # light modules drawn (a terminal is dark): "█" both light, "▀" top light...
            out.write(" ▄▀█"[(not a) * 2 + (not b)])
        out.write("\n")
    return out.getvalue()
