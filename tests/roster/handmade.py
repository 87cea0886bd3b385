"""Orders of battle written by hand for the import tests: a sheet per ruleset, with two
sides, leaders and units, in the players' own spelling (headers and names in any case,
labels for names), and a roster of two forces per ruleset."""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import quoteattr

SHEETS: dict[str, str] = {
    "one-if-by-land": """\
Kind,Name,Side,Brigade,Type,Quality,Formation,Strength,Small arms,Value,Attached to,Commands,Commander
side,Patriots,,,,,,,,,,,Nathanael Greene
side,Crown Forces,,,,,,,,,,,Lord Cornwallis
,1st Maryland,Patriots,Williams' Brigade,Infantry,Veteran,Close order,24,,,,,
,Virginia Riflemen,Patriots,Light Corps,rifles,regular,skirmish,12,long rifle,,,,
leader,Otho Williams,Patriots,,,,,,,1,1st Maryland,Williams' Brigade,
unit,Guards Battalion,Crown Forces,Guards,infantry,Elite,close_order,20,,,,,
unit,23rd Foot,Crown Forces,Webster's Brigade,Infantry,regular,Close Order,18,musket,,,,
leader,James Webster,crown forces,,,,,,,1,,"Webster's Brigade, Guards",
""",
    "rank-and-file": """\
kind;name;side;brigade;type;quality;strength;elite;hits per stand;rerolls;value;commands
side;Union;;;;;;;;;;
side;Confederates;;;;;;;;;;
unit;Iron Brigade;Union;Meredith;Infantry;veteran;6;yes;;;;
unit;Battery B;Union;Artillery Reserve;Artillery;regular;2;;3;;;
leader;Solomon Meredith;Union;;;;;;;1;1;Meredith
unit;26th North Carolina;Confederates;Pettigrew;infantry;Green;8;no;;;;
unit;Black Horse Cavalry;Confederates;Stuart;cavalry;regular;4;;;;;
leader;J. Johnston Pettigrew;Confederates;;;;;;;2;0;Pettigrew
""",
    "mwan116-acw": """\
Kind,Name,Side,Brigade,Type,Formation,Strength,Figures per stand,Horse artillery,Value,Attached to,Commander,Rating
side,Union,,,,,,,,,,Irvin McDowell,steady
side,Confederate,,,,,,,,,,P. G. T. Beauregard,Aggressive
,11th New York,Union,Willcox,Infantry regiment,line,16,4,,,,,
,Ricketts' Battery,Union,Artillery,artillery,in battery,4,,no,,,,
,33rd Virginia,Confederate,Jackson,infantry,Line,14,4,,,,,
,Stuart's Cavalry,Confederate,Stuart,Cavalry regiment,mounted,10,2,,,,,
leader,Thomas J. Jackson,Confederate,,,,,,,2,33rd Virginia,,
""",
    "republique": """\
Kind,Name,Side,Brigade,Type,Quality,Formation,Strength,Skirmishers,Value,Commands,Charismatic,Notes
,Grenadiers of the Guard,French,Guard,infantry,elite,column,12,1,,,,"The Old Guard; do not
waste them"
,Cuirassiers,French,Nansouty,cavalry,veteran,column,8,,,,,
leader,Lannes,French,,,,,,,2,"Guard, Nansouty",yes,
,IR 15 Zach,Austrians,Hiller,infantry,regular,line,16,0,,,,
,Grenz battalion,Austrians,Hiller,Infantry,green,line,10,2,,,,
leader,Hiller,Austrians,,,,,,,1,Hiller,no,
""",
}
"""A sheet per ruleset (Republique's with a quoted note over two lines)."""

SIDES: dict[str, dict[str, tuple[str, ...]]] = {
    "one-if-by-land": {
        "Patriots": ("1st Maryland", "Virginia Riflemen"),
        "Crown Forces": ("Guards Battalion", "23rd Foot"),
    },
    "rank-and-file": {
        "Union": ("Iron Brigade", "Battery B"),
        "Confederates": ("26th North Carolina", "Black Horse Cavalry"),
    },
    "mwan116-acw": {
        "Union": ("11th New York", "Ricketts' Battery"),
        "Confederate": ("33rd Virginia", "Stuart's Cavalry"),
    },
    "republique": {
        "French": ("Grenadiers of the Guard", "Cuirassiers"),
        "Austrians": ("IR 15 Zach", "Grenz battalion"),
    },
}
"""The units each sheet gives, by side."""

ROSTER_TYPES: dict[str, tuple[str, str]] = {
    "one-if-by-land": ("Infantry", "Cavalry"),
    "rank-and-file": ("Infantry", "Cavalry"),
    "mwan116-acw": ("Infantry", "Cavalry"),
    "republique": ("Infantry", "Cavalry"),
}

NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"


def selection(
    name: str,
    kind: str = "unit",
    *,
    models: int = 0,
    categories: tuple[str, ...] = (),
    characteristics: dict[str, str] | None = None,
    inner: tuple[str, ...] = (),
    custom: str = "",
) -> str:
    """One ``<selection>`` of a roster."""
    parts = [
        f"<selection id={quoteattr(name)} name={quoteattr(name)} type={quoteattr(kind)} "
        'number="1"' + (f" customName={quoteattr(custom)}" if custom else "") + ">"
    ]
    if characteristics:
        items = "".join(
            f"<characteristic name={quoteattr(k)} typeId='x'>{v}</characteristic>"
            for k, v in characteristics.items()
        )
        parts.append(
            f"<profiles><profile name={quoteattr(name)} typeName='Unit'>"
            f"<characteristics>{items}</characteristics></profile></profiles>"
        )
    held = list(inner)
    if models:
        held.append(f"<selection name='Figure' type='model' number='{models}'/>")
    if held:
        parts.append("<selections>" + "".join(held) + "</selections>")
    if categories:
        parts.append(
            "<categories>"
            + "".join(f"<category name={quoteattr(c)} primary='false'/>" for c in categories)
            + "</categories>"
        )
    parts.append("</selection>")
    return "".join(parts)


def force(name: str, *selections: str) -> str:
    return (
        f"<force id={quoteattr(name)} name={quoteattr(name)} catalogueName='Sample'>"
        f"<selections>{''.join(selections)}</selections></force>"
    )


def roster(*forces: str, name: str = "Hand-made roster") -> str:
    """A roster's XML holding ``forces``."""
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f"<roster id='r' name={quoteattr(name)} battleScribeVersion='2.03' "
        f"gameSystemName='Horse and Musket' xmlns='{NAMESPACE}'>"
        f"<costs><cost name='pts' typeId='p' value='500.0'/></costs>"
        f"<forces>{''.join(forces)}</forces></roster>"
    )


def two_forces(ruleset: str) -> str:
    """A roster of two forces for ``ruleset``: a brigade with a commander and an infantry unit,
    and a cavalry unit, on each side."""
    foot, horse = ROSTER_TYPES[ruleset]
    out = []
    for side, prefix in (("Blue Army", "Blue"), ("Red Army", "Red")):
        brigade = selection(
            f"{prefix} Brigade",
            "upgrade",
            inner=(
                selection(
                    f"General {prefix}",
                    "model",
                    categories=("Commander",),
                    characteristics={"Rating": "1"},
                ),
                selection(f"{prefix} Foot", models=12, categories=(foot,)),
            ),
        )
        out.append(
            force(side, brigade, selection(f"{prefix} Horse", models=6, categories=(horse,)))
        )
    return roster(*out)


def zipped(entries: dict[str, bytes]) -> bytes:
    """A zip (a .rosz) holding ``entries``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():  # dated once for all: the same bytes every run
            info = zipfile.ZipInfo(name, date_time=(1981, 1, 17, 7, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()
