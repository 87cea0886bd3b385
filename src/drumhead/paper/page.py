"""The printed page: one self-contained HTML document (no script, no fetched file), its print
style sheet for A4 and Letter, and the escaping every text goes through."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Literal

from drumhead.errors import InputError

Paper = Literal["any", "a4", "letter"]
PAPERS: tuple[Paper, ...] = ("any", "a4", "letter")
"""``any``: the printer's paper (the layout fits both A4 and Letter); or one of them, fixed."""

MARGIN_MM = 10
"""The page margin. A4 and Letter then both leave at least 190 x 259 mm for the content: two
columns of 89 mm cards and four rows of 56 mm, eight cards a page on either paper."""

STYLE = """
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #000; background: #fff;
       font: 9pt/1.25 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
@media screen { body { max-width: 190mm; margin: 8mm auto; } }
h1 { font-size: 14pt; margin: 0 0 2mm; }
h2 { font-size: 11pt; margin: 4mm 0 1mm; break-after: avoid; page-break-after: avoid; }
h3 { font-size: 9.5pt; margin: 2.5mm 0 1mm; break-after: avoid; page-break-after: avoid; }
p { margin: 0 0 1.5mm; }
.meta { font-size: 8pt; margin-bottom: 3mm; }
.tag { font-size: 7pt; font-weight: bold; border: 0.3mm solid #000; padding: 0 0.8mm;
       white-space: nowrap; }
.src { font-size: 7.5pt; font-style: italic; }
table { border-collapse: collapse; margin: 1mm 0 2mm; break-inside: auto; }
table.wide { width: 100%; }
tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 0.25mm solid #000; padding: 0.4mm 1.2mm; text-align: left;
         vertical-align: top; font-size: 8pt; }
th { font-weight: bold; }
tr.house td { border-width: 0.6mm; }
.entry { break-inside: avoid; page-break-inside: avoid; }
.cards { font-size: 0; orphans: 1; widows: 1; }
.card { display: inline-block; vertical-align: top; width: 89mm; min-height: 56mm;
        margin: 0 4mm 3mm 0; padding: 2.5mm 3mm; border: 0.35mm dashed #000;
        break-inside: avoid; page-break-inside: avoid; font-size: 8pt; line-height: 1.2; }
.card:nth-child(2n) { margin-right: 0; }
.card .name { font-size: 10pt; font-weight: bold; line-height: 1.1; }
.card .sub { font-size: 7.5pt; margin-bottom: 0.8mm; }
.card .row { margin-bottom: 0.7mm; }
.box { display: inline-block; width: 3.2mm; height: 3.2mm; margin: 0 0.6mm 0.6mm 0;
       border: 0.25mm solid #000; font-size: 7pt; line-height: 3mm; text-align: center;
       vertical-align: middle; }
.group { white-space: nowrap; margin-right: 1mm; }
.ladder { font-size: 7.5pt; }
.ladder .now { font-weight: bold; }
.card .facts { border-top: 0.25mm solid #000; padding-top: 0.6mm; margin: 0 0 0.8mm;
               font-size: 7pt; line-height: 1.12; }
.card .fact .src { font-size: 5.5pt; }
.card .notes { font-size: 7pt; font-style: italic; }
"""


def esc(text: object) -> str:
    """Text made safe inside HTML (elements and attributes alike)."""
    return html.escape(str(text), quote=True)


def page_rule(paper: Paper) -> str:
    """The ``@page`` rule: the printer's paper, or A4 or Letter fixed."""
    size = {"any": "", "a4": "size: A4; ", "letter": "size: letter; "}[paper]
    return f"@page {{ {size}margin: {MARGIN_MM}mm; }}"


def document(title: str, body: Iterable[str], paper: Paper = "any") -> str:
    """A whole HTML document: ``title`` escaped here, ``body`` parts already HTML."""
    if paper not in PAPERS:
        raise InputError(f"paper is one of {', '.join(PAPERS)}, not '{paper}'")
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{esc(title)}</title>",
            f"<style>{page_rule(paper)}{STYLE}</style>",
            "</head>",
            "<body>",
            *body,
            "</body>",
            "</html>",
            "",
        ]
    )


def house_tag(text: str = "HOUSE") -> str:
    """The mark of a value that is the players' own (their house rules or their answer)."""
    return f' <span class="tag">{esc(text)}</span>'


def table(
    headers: Iterable[str],
    rows: Iterable[Iterable[str]],
    *,
    marked: Iterable[bool] = (),
    wide: bool = False,
) -> str:
    """A table: ``headers`` are text (escaped here), cells are HTML (escape text with
    :func:`esc`); rows ``marked`` are the house rules' (drawn with heavier rules, and the
    cells carry the :func:`house_tag` themselves)."""
    marks = list(marked)
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    opening = '<table class="wide">' if wide else "<table>"
    lines = [f"{opening}<thead><tr>{head}</tr></thead><tbody>"]
    for index, row in enumerate(rows):
        cls = ' class="house"' if index < len(marks) and marks[index] else ""
        lines.append(f"<tr{cls}>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>")
    lines.append("</tbody></table>")
    return "".join(lines)
