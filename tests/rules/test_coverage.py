"""How much of RULES-MAP drumhead enforces, asks, or only shows as reference (issue 19).

Every rule item ``shared/RULES-MAP.md`` lists (and the ones issue 19 adds) is catalogued below
with where its seed says it and where drumhead has it. Each item is one of:

* ``enforced``: a check computes it, refuses against it, or proposes its effect;
* ``asked``: its value is not in the sources, so it is a gap (or an input) the players answer;
* ``reference``: only the quick reference shows it.

Each claim is backed by evidence checked against the shipped ruleset files: a key with its
value (``toml:checks.morale.dice="1d6"``), a refusal or an effect of a check whose text says it
(``refuse:fire~wagons``), a gap, a ruling, a reference entry. The test prints the counts and
fails when an item with a number or a yes/no in it is reference-only. ``setup`` items are table
conventions drumhead never adjudicates (ground and time scale, stand sizes): they are counted
and printed apart, not hidden.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "data" / "rulesets"

Item = tuple[str, str, str, str, tuple[str, ...]]
"""(ruleset, the rule and where the seed says it, kind, status, evidence)."""

NUMBER, YESNO, TEXT, SETUP = "number", "yes/no", "text", "setup"
ENF, ASK, REF = "enforced", "asked", "reference"

RNF = "rank-and-file"
MWAN = "mwan116-acw"
REP = "republique"
OIBL = "one-if-by-land"

ITEMS: list[Item] = [
    # -- Rank and File (seed 001 core, seed 000 Supplement 2, the published rulebook) ---------
    (
        RNF,
        "Morale test: 1D6, modified roll >= starting number (001 Rally)",
        NUMBER,
        ENF,
        ('toml:checks.morale.dice="1d6"', 'toml:checks.morale.compare=">="'),
    ),
    (
        RNF,
        "Starting numbers Veteran 3, Regular 4, Green 5 (001 Rally; p.52)",
        NUMBER,
        ENF,
        (
            "toml:lookups.morale_number.veteran=3",
            "toml:lookups.morale_number.regular=4",
            "toml:lookups.morale_number.green=5",
        ),
    ),
    (
        RNF,
        "A natural 6 passes, a natural 1 fails (001 Rally)",
        NUMBER,
        ENF,
        ("toml:checks.morale.natural_pass=[6]", "toml:checks.morale.natural_fail=[1]"),
    ),
    (
        RNF,
        "50% rule: half the stands or fewer always fails (001 Rally)",
        NUMBER,
        ENF,
        (
            'toml:checks.morale.auto_fail="at_half"',
            'toml:checks.morale.derived.at_half="not is_single and stands_now * 2 <= stands_start"',
        ),
    ),
    (
        RNF,
        "-1 per stand lost so far this battle (001 Rally, example)",
        NUMBER,
        ENF,
        ('toml:checks.morale.modifiers.stands_lost.value="-stands_lost"',),
    ),
    (
        RNF,
        "+1 supported when charging (000 example)",
        NUMBER,
        ENF,
        ("toml:checks.morale.modifiers.supported.value=1", "ruling:rnf-example-modifiers"),
    ),
    (
        RNF,
        "Leader attachment bonus (001 Rally)",
        NUMBER,
        ENF,
        ('toml:checks.morale.modifiers.leader.value="leader"',),
    ),
    (
        RNF,
        "Unit in buildings bonus: value not given (001 Rally)",
        NUMBER,
        ASK,
        ("gap:buildings_bonus", 'toml:checks.morale.modifiers.buildings.value="buildings_bonus"'),
    ),
    (
        RNF,
        "Ladder good order, unsteady, rout, removed; a failure one step down (001)",
        NUMBER,
        ENF,
        (
            'toml:ladders.default.states=["good_order", "unsteady", "routing", "removed"]',
            "effect:morale~Goes from",
        ),
    ),
    (
        RNF,
        "Single stands test whenever they take a fire hit (001 Single stands)",
        YESNO,
        ENF,
        ("effect:fire~a single stand tests whenever it takes a hit",),
    ),
    (
        RNF,
        "Single stands: no casualty modifiers (001)",
        YESNO,
        ENF,
        ('toml:checks.morale.modifiers.stands_lost.when="not is_single"',),
    ),
    (
        RNF,
        "Single stands are exempt from the 50% rule (001)",
        YESNO,
        ENF,
        ('toml:checks.morale.derived.at_half="not is_single and stands_now * 2 <= stands_start"',),
    ),
    (
        RNF,
        'Artillery: first failure unsteady, retire 2D6" foot / 3D6" horse (001)',
        NUMBER,
        ENF,
        ("effect:morale~Limbers and retires 2D6", "effect:morale~Limbers and retires 3D6"),
    ),
    (
        RNF,
        "Artillery: a second failure routs; unlimbered guns abandoned (001)",
        YESNO,
        ENF,
        ("effect:morale~unlimbered guns are abandoned",),
    ),
    (
        RNF,
        "Routed artillery is removed and may not rally (001)",
        YESNO,
        ENF,
        ("refuse:rally~routed artillery is removed", "effect:morale~Routed artillery is removed"),
    ),
    (RNF, "Optional: routed artillery may rally (001)", YESNO, ENF, ("option:artillery_rally",)),
    (
        RNF,
        "Artillery Light/Medium/Heavy/Siege, horse or foot (001)",
        TEXT,
        ENF,
        ('toml:inputs.artillery_kind.choices=["foot", "horse", "siege"]',),
    ),
    (RNF, "Siege guns never move (001)", YESNO, ENF, ("effect:morale~Siege guns never move",)),
    (
        RNF,
        "Siege guns count as heavy: their fire dice are the fire table's (001)",
        YESNO,
        ASK,
        ("gap:fire_table",),
    ),
    (
        RNF,
        "Optional hits per gun model: 3 (6-gun battery), 4 (8-gun) (001)",
        NUMBER,
        ENF,
        ("toml:lookups.gun_model_hits.6=3", "toml:lookups.gun_model_hits.8=4"),
    ),
    (
        RNF,
        "Rally test: same dice, number and modifiers (001 Rally)",
        NUMBER,
        ENF,
        ('toml:checks.rally.target="morale_number[quality]"',),
    ),
    (
        RNF,
        "Routing and passes: halts unsteady, any formation and facing (001)",
        YESNO,
        ENF,
        ("effect:rally~Halts unsteady",),
    ),
    (
        RNF,
        "Routing and fails: routs again and loses a stand; removed at 50% (001)",
        NUMBER,
        ENF,
        ("effect:rally~Loses another stand", "effect:rally~At 50% or more stands lost"),
    ),
    (
        RNF,
        "Unsteady: pass good order, fail stays unsteady (001)",
        YESNO,
        ENF,
        ("effect:rally~Back to good order", "effect:rally~stays unsteady"),
    ),
    (
        RNF,
        "A routing unit may keep routing without a test, losing a stand (001)",
        YESNO,
        ENF,
        ('toml:checks.rally.no_roll="voluntary_rout"',),
    ),
    (
        RNF,
        "Charging, charged or evaded units may not rally (001)",
        YESNO,
        ENF,
        ("refuse:rally~may not try to rally",),
    ),
    (RNF, "Optional: no removal at 50% losses (001)", YESNO, ENF, ("option:no_removal_at_half",)),
    (
        RNF,
        "Optional re-rolls: Elite or a leader with re-rolls, one per test (001)",
        NUMBER,
        ENF,
        (
            'toml:checks.morale.reroll="opt_rerolls and (elite or (leader_with_unit and leader_rerolls > 0))"',
            "effect:morale~used one of his re-rolls",
        ),
    ),
    (
        RNF,
        "Cavalry attacking elephants hit only on a 6 (001 Elephants)",
        NUMBER,
        ENF,
        ('toml:checks.melee.only_natural="cavalry_vs_elephants"',),
    ),
    (
        RNF,
        'Optional stampede: D6 1-2 after a failed morale test, 3D6" (001)',
        NUMBER,
        ENF,
        (
            'toml:checks.stampede.rows=[{"roll": [1, 2], "outcome": "stampedes"}, {"roll": [3, 6], "outcome": "holds"}]',
            "effect:stampede~Stampedes 3D6",
        ),
    ),
    (RNF, "Wagons have no fire (001 Wagons)", YESNO, ENF, ("refuse:fire~wagons",)),
    (
        RNF,
        "Wagons routed by fire flee, by melee are captured (001)",
        YESNO,
        ENF,
        ("effect:morale~The wagons flee", "effect:morale~captures the wagons"),
    ),
    (
        RNF,
        'Wave attacks: at most two units, the second 1" behind the first\'s 2" halt (000)',
        NUMBER,
        ENF,
        (
            'toml:checks.wave_split.pattern=["first", "first", "second"]',
            'effect:morale~a second wave 1\\" behind',
        ),
    ),
    (
        RNF,
        "Defensive fire split 2:1 between the waves (000)",
        NUMBER,
        ENF,
        ('toml:checks.wave_split.pattern=["first", "first", "second"]',),
    ),
    (
        RNF,
        "Both waves count as supported (000)",
        YESNO,
        ENF,
        ('toml:checks.morale.modifiers.wave_supported.label="Supported: a wave of a wave attack"',),
    ),
    (
        RNF,
        "A leader's morale bonus counts for both waves, his melee bonus for his own unit (000)",
        YESNO,
        ASK,
        ("toml:inputs.leader.help", "toml:checks.melee_result.inputs.attacker_leader.label"),
    ),
    (
        RNF,
        "Both waves home: the front counts 2 deep; if it loses the second fights fresh (000)",
        NUMBER,
        ENF,
        (
            "toml:checks.melee.modifiers.deeper_formation.value=1",
            "effect:melee_result~the second wave moves up",
        ),
    ),
    (
        RNF,
        'Buck & Ball: +1 to hit within 2", smoothbore only (000)',
        NUMBER,
        ENF,
        (
            "toml:checks.fire.modifiers.buck_and_ball.value=1",
            'toml:checks.fire.modifiers.buck_and_ball.when="all_smoothbore"',
        ),
    ),
    (
        RNF,
        "Pass-through tests: one test per unit per morale phase (000)",
        YESNO,
        ENF,
        ("refuse:morale~only once in a morale phase",),
    ),
    (
        RNF,
        "Routing single stands cause no pass-through tests (000)",
        YESNO,
        ENF,
        ("refuse:morale~single stands that rout cause no pass-through",),
    ),
    (
        RNF,
        "Option: the worst pass-through result is unsteady (000)",
        YESNO,
        ENF,
        (
            "option:pass_through_max_unsteady",
            "toml:checks.morale.derived.capped=\"opt_pass_through_max_unsteady and cause == 'pass_through' and state == 'unsteady'\"",
        ),
    ),
    (
        RNF,
        "Fire: 4+ on a D6, a 6 always hits (p.52)",
        NUMBER,
        ENF,
        ('toml:checks.fire.hit_on="4"', "toml:checks.fire.natural_hit=[6]"),
    ),
    (
        RNF,
        "Fire: long range -1 (p.52)",
        NUMBER,
        ENF,
        ("toml:checks.fire.modifiers.long_range.value=-1",),
    ),
    (
        RNF,
        "Melee: 4+, a 6 always hits, a 1 always misses (p.52)",
        NUMBER,
        ENF,
        (
            'toml:checks.melee.hit_on="4"',
            "toml:checks.melee.natural_hit=[6]",
            "toml:checks.melee.natural_miss=[1]",
        ),
    ),
    (
        RNF,
        "Melee: foot against mounted -1 (p.52)",
        NUMBER,
        ENF,
        ("toml:checks.melee.modifiers.foot_vs_mounted.value=-1",),
    ),
    (
        RNF,
        "Melee: horse against camel-mounted -1 (p.52)",
        NUMBER,
        ENF,
        ("toml:checks.melee.modifiers.horse_vs_camel.value=-1",),
    ),
    (
        RNF,
        "Artillery shell/shrapnel at a target behind an obstacle -1 (ch. 12)",
        NUMBER,
        ENF,
        ("toml:checks.fire.modifiers.shell_behind_obstacle.value=-1",),
    ),
    (RNF, "Fire dice per stand: in no source", NUMBER, ASK, ("gap:fire_dice_per_stand",)),
    (RNF, "Weapon ranges: in no source", NUMBER, ASK, ("gap:weapon_ranges",)),
    (
        RNF,
        'Rout distance 12" (001 Rally example); others in no source',
        NUMBER,
        ASK,
        (
            "gap:rout_distance_infantry",
            "ruling:rnf-rout-distance-infantry",
            "gap:rout_distance_cavalry",
            "gap:rout_distance_other",
        ),
    ),
    (
        RNF,
        'Melee: a die a stand, the loser retires 2D6" unsteady, leader bonus to the score (000 example)',
        NUMBER,
        ENF,
        (
            "ruling:rnf-melee-die-per-stand",
            "ruling:rnf-melee-loser-retires",
            "ruling:rnf-leader-melee-bonus",
            "effect:melee_result~retires 2D6",
        ),
    ),
    (
        RNF,
        "Melee ties and when the loser routs: chapter 6, not in our sources",
        YESNO,
        ASK,
        ("gap:melee_tie", "gap:melee_loser_routs"),
    ),
    # -- MWAN #116 (seed 002) -------------------------------------------------------------------
    (
        MWAN,
        "Initiative: Steady +2, Aggressive +3, Timid +0 (Initiative Modifiers)",
        NUMBER,
        ENF,
        (
            "toml:lookups.initiative_bonus.steady=2",
            "toml:lookups.initiative_bonus.aggressive=3",
            "toml:lookups.initiative_bonus.timid=0",
        ),
    ),
    (
        MWAN,
        "Initiative: +2 each turn without it (accumulating: ruling)",
        NUMBER,
        ENF,
        (
            'toml:checks.initiative.modifiers.turns_without.value="2 * turns_without"',
            "ruling:mwan-initiative-catch-up",
        ),
    ),
    (
        MWAN,
        "Initiative: 'two dice' (2d12 or 2d6: ruling and option)",
        NUMBER,
        ENF,
        (
            'toml:checks.initiative.dice="2d12"',
            "option:initiative_2d6",
            "ruling:mwan-initiative-dice",
        ),
    ),
    (
        MWAN,
        "Movement turn ends on 11 or 12 (Command and Control)",
        NUMBER,
        ENF,
        (
            'toml:checks.movement_end.rows=[{"roll": [1, 10], "outcome": "continues"}, {"roll": [11, 12], "outcome": "ends"}]',
        ),
    ),
    (
        MWAN,
        "Basic moves: field art 10, infantry 20, horse art 20, cavalry 30, generals 40, dismounted 20",
        NUMBER,
        ENF,
        (
            "toml:lookups.basic_move.field_artillery=10",
            "toml:lookups.basic_move.infantry=20",
            "toml:lookups.basic_move.horse_artillery=20",
            "toml:lookups.basic_move.cavalry=30",
            "toml:lookups.basic_move.general=40",
            "toml:lookups.basic_move.dismounted_general=20",
        ),
    ),
    (
        MWAN,
        "Movement modifiers: charge +10, rough 1/2, wheel -5, stream 4, formation 1/2, side 1/2, road x2",
        NUMBER,
        ENF,
        (
            "toml:checks.movement.modifiers.cavalry_charge.value=10",
            "toml:checks.movement.modifiers.rough.scale_by=2",
            "toml:checks.movement.modifiers.wheel.value=-5",
            "toml:checks.movement.modifiers.stream.value=-4",
            "toml:checks.movement.modifiers.formation_change.scale_by=2",
            "toml:checks.movement.modifiers.side_move.scale_by=2",
            "toml:checks.movement.modifiers.road.value=2",
        ),
    ),
    (
        MWAN,
        "Woods stop a move (Movement Modifiers; Rules for Woods 3)",
        YESNO,
        ENF,
        ("effect:movement~stops at the woods' edge",),
    ),
    (MWAN, "No movement through swamps (Movement)", YESNO, ENF, ("refuse:movement~swamps",)),
    (
        MWAN,
        'Formation changes not within 12" unless behind the enemy (Movement)',
        NUMBER,
        ENF,
        (
            "refuse:movement~no formation change within 12",
            "refuse:movement~unless the whole unit is behind the enemy",
        ),
    ),
    (
        MWAN,
        "Units moving through others may not fire; cavalry may not charge through (Movement)",
        YESNO,
        ENF,
        ("refuse:fire~moved through other units", "refuse:movement~may not charge through units"),
    ),
    (
        MWAN,
        "One cavalry charge per unit per game (Cavalry Charges; Cavalry Rules)",
        YESNO,
        ENF,
        (
            "refuse:movement~one cavalry charge a game",
            "effect:movement~one cavalry charge of the game",
        ),
    ),
    (
        MWAN,
        'Mounting or dismounting costs 4" (Cavalry Rules)',
        NUMBER,
        ENF,
        (
            "toml:checks.movement.modifiers.mount_dismount.value=-4",
            "refuse:movement~instead of halving the move",
            "ruling:mwan-move-mount-speed",
        ),
    ),
    (
        MWAN,
        "Cavalry: not inside woods, no stone walls (Cavalry Rules)",
        YESNO,
        ENF,
        (
            "refuse:movement~only infantry in line may move through woods",
            "refuse:movement~cannot cross stone walls",
        ),
    ),
    (
        MWAN,
        "Artillery always counts as in line: a battery wheels as a line does (Artillery Rules)",
        YESNO,
        ENF,
        (
            "toml:checks.movement.modifiers.wheel.when=\"general == 'none' and (formation != 'column' or battery)\"",
            "toml:checks.movement.derived.battery=\"general == 'none' and arm == 'artillery'\"",
        ),
    ),
    (
        MWAN,
        "Artillery: no penalty to limber or unlimber (Artillery Rules)",
        YESNO,
        ENF,
        ("refuse:movement~artillery limbers and unlimbers with no movement penalty",),
    ),
    (
        MWAN,
        'Artillery: rivers only at fords or bridges; not into battery within 24" (Artillery Rules)',
        NUMBER,
        ENF,
        ("refuse:movement~only at a ford or a bridge", "refuse:movement~within 24"),
    ),
    (
        MWAN,
        "Artillery: no fire from a bridge; field artillery does not move and fire (Artillery Rules)",
        YESNO,
        ENF,
        ("refuse:fire~from a bridge", "refuse:fire~field artillery that moved"),
    ),
    (
        MWAN,
        "Two hits remove one artillery gunner (Artillery Rules)",
        NUMBER,
        ENF,
        ("effect:fire~two hits remove one",),
    ),
    (
        MWAN,
        "Fire modifiers in dice: column +3, flank again, moved -1, mounted +2, sharpshooters +1 1/2, smoothbore -1, rifled +1",
        NUMBER,
        ENF,
        (
            "toml:checks.fire.modifiers.column.value=3",
            "toml:checks.fire.modifiers.flank.value=2",
            "toml:checks.fire.modifiers.infantry_moved.value=-1",
            "toml:checks.fire.modifiers.mounted_cavalry.value=2",
            "toml:checks.fire.modifiers.sharpshooters.value=3",
            "toml:checks.fire.modifiers.smoothbore_shot_shell.value=-1",
            "toml:checks.fire.modifiers.rifled_shot_shell.value=1",
        ),
    ),
    (
        MWAN,
        "No fire from column (Fire Rules & Limitations 7)",
        YESNO,
        ENF,
        ("refuse:fire~may not fire from column",),
    ),
    (
        MWAN,
        "The firing table (dice, numbers that hit) is missing; cover's value too",
        NUMBER,
        ASK,
        ("gap:fire_dice", "gap:fire_hit_numbers", "gap:fire_cover_dice"),
    ),
    (
        MWAN,
        "Morale Results Table: 12 rows x infantry/cavalry/artillery (d12)",
        NUMBER,
        ENF,
        ('toml:checks.morale.dice="1d12"', 'toml:checks.morale.column="unit_type"'),
    ),
    (
        MWAN,
        "When to check: cavalry 2 casualties, artillery 1 (infantry missing)",
        NUMBER,
        ENF,
        (
            "toml:lookups.morale_casualties.cavalry=2",
            "toml:lookups.morale_casualties.artillery=1",
            "gap:infantry_morale_casualties",
        ),
    ),
    (
        MWAN,
        "One morale check per unit per turn (How to Check)",
        YESNO,
        ENF,
        ("refuse:morale~at most once per turn",),
    ),
    (
        MWAN,
        "Fought out at 25% strength (Fought Out)",
        NUMBER,
        ENF,
        ("effect:morale_due~Remove the unit from the battle",),
    ),
    (
        MWAN,
        "Unit statuses: high morale, good order, charge to combat, stragglers, retire, skedaddle, quits field, silenced",
        TEXT,
        ENF,
        (
            "toml:ladders.default.states",
            "effect:morale~Skedaddles",
            "effect:morale~May not fire or move for one turn",
        ),
    ),
    (
        MWAN,
        "Sniper: 1-4 shot from the saddle, 5-8 wounded, 9-12 miss (Snipers)",
        NUMBER,
        ENF,
        (
            'toml:checks.sniper.rows=[{"roll": [1, 4], "outcome": "killed"}, {"roll": [5, 8], "outcome": "wounded"}, {"roll": [9, 12], "outcome": "miss"}]',
        ),
    ),
    (
        MWAN,
        'A sniper shoots at generals up to 900 yards (30") in its line of sight (Snipers)',
        NUMBER,
        ENF,
        ("refuse:sniper~a sniper reaches 30", "refuse:sniper~line of sight"),
    ),
    (
        MWAN,
        "A sniper may not fire in a turn it moves (Snipers)",
        YESNO,
        ENF,
        ("refuse:sniper~may not fire in a turn it moves",),
    ),
    (
        MWAN,
        "Frontal close combat: attacker minus defender, seven bands, +1 with a general",
        NUMBER,
        ENF,
        (
            'toml:checks.close_combat.dice="1d12"',
            "toml:checks.close_combat.modifiers.general.value=1",
            "ruling:mwan-close-combat-12",
        ),
    ),
    (
        MWAN,
        "Flank, rear, or infantry on artillery's front: 1-4, 5-8, 9-12",
        NUMBER,
        ENF,
        (
            'toml:checks.close_combat_flank.rows=[{"roll": [1, 4], "outcome": "driven_back"}, {"roll": [5, 8], "outcome": "swept_from_field"}, {"roll": [9, 12], "outcome": "enemy_destroyed"}]',
        ),
    ),
    (
        MWAN,
        "Close combat moves: infantry never attack mounted cavalry; cavalry not from the front; guns never attack",
        YESNO,
        ENF,
        (
            "refuse:close_combat~infantry will not attack mounted cavalry",
            "refuse:close_combat_flank~infantry will not attack mounted cavalry, from the flank or rear",
            "refuse:close_combat~cavalry will not attack",
            "refuse:close_combat~artillery cannot attack",
        ),
    ),
    (
        MWAN,
        "Half strength needed to advance to close combat (Additional Rules)",
        NUMBER,
        ENF,
        ("refuse:close_combat~below half strength",),
    ),
    (
        MWAN,
        "Units on a woods' edge: attacked from the front or rear only (Rules for Woods 5)",
        YESNO,
        ENF,
        ("refuse:close_combat_flank~secure flanks",),
    ),
    (
        MWAN,
        "Woods chart: 1-8 one turn, 9-10 two, 11-12 three",
        NUMBER,
        ENF,
        (
            'toml:checks.woods.rows=[{"roll": [1, 8], "outcome": "turns", "value": 1}, {"roll": [9, 10], "outcome": "turns", "value": 2}, {"roll": [11, 12], "outcome": "turns", "value": 3}]',
        ),
    ),
    (
        MWAN,
        "Major general's rally: 1-6 rallies, 12 he is killed",
        NUMBER,
        ENF,
        (
            'toml:checks.major_general_rally.rows=[{"roll": [1, 6], "outcome": "rallied"}, {"roll": [7, 11], "outcome": "failed"}, {"roll": [12, 12], "outcome": "general_killed"}]',
        ),
    ),
    (MWAN, "Victory status ladder (Victory Conditions)", TEXT, REF, ("ref:victory",)),
    # -- Republique (seed 003) ---------------------------------------------------------------------
    (
        REP,
        "Assault: each side 1D10 plus modifiers, attacker minus defender read on the chart (4.1 steps 1-3)",
        NUMBER,
        ENF,
        ('toml:checks.assault.dice="1d10"', 'toml:checks.assault.column="attacker_type"'),
    ),
    (
        REP,
        "Primary contact full strength, incidental half rounded down, unit by unit (4.1)",
        NUMBER,
        ENF,
        (
            'toml:checks.assault.derived.attacker_bases="attacker_bases_primary + half_down(attacker_bases_incidental - attacker_incidental_odd)"',
            'toml:checks.assault.inputs.attacker_incidental_odd.from_units="count(attacker_incidental.strength_now != 2 * half_down(attacker_incidental.strength_now))"',
        ),
    ),
    (
        REP,
        "Incidental contact cannot start an assault (4.1)",
        YESNO,
        ENF,
        ("toml:checks.assault.inputs.attacker_bases_primary.min=1",),
    ),
    (
        REP,
        "Artillery counts as bases; a limbered battery one base, never incidental (4.2)",
        NUMBER,
        ENF,
        (
            "toml:checks.assault.inputs.attacker_bases_primary.help",
            "toml:checks.assault.inputs.attacker_bases_incidental.help",
            "refuse:assault~may not contribute to incidental assault contact",
        ),
    ),
    (
        REP,
        "Cavalry restrictions table (4.2)",
        YESNO,
        ENF,
        (
            "toml:lookups.cav_keeps_cavalry.rough=false",
            "toml:lookups.cav_keeps_in_line.with_infantry_vs_square=false",
            "toml:lookups.cav_keeps_outnumbered.rough=true",
        ),
    ),
    (
        REP,
        "Officer leading: his value; outside the chain only if charismatic (4.3)",
        NUMBER,
        ENF,
        (
            'toml:checks.assault.modifiers.attacker_leader.when="attacker_leader > 0 and (attacker_leader_in_command or attacker_leader_charismatic)"',
        ),
    ),
    (
        REP,
        "Troop grade, cavalry grade and morale-hit modifiers: values not given (4.3)",
        NUMBER,
        ASK,
        ("gap:troop_grade_elite", "gap:cavalry_heavy", "gap:morale_shaken"),
    ),
    (
        REP,
        "Outnumbering at 3:2, 2:1, ...; values not given; buildings cap 3:2; rear-only none (4.3)",
        NUMBER,
        ENF,
        (
            "gap:outnumbered_3_2",
            'toml:checks.assault.derived.attacker_outnumbered="0 if rear_only and not square else attacker_outnumbered_raw"',
            "toml:checks.assault.derived.buildings_cap=\"defender_in_buildings and attacker_type == 'infantry' and defender_outnumbered_raw > 1\"",
        ),
    ),
    (
        REP,
        "In line +1, infantry or cavalry only (4.3)",
        NUMBER,
        ENF,
        (
            "toml:checks.assault.modifiers.attacker_in_line.value=1",
            "refuse:assault~infantry or cavalry units in line",
        ),
    ),
    (
        REP,
        "-1 per own base lost this player turn; -1 per skirmish base (4.3)",
        NUMBER,
        ENF,
        (
            'toml:checks.assault.modifiers.attacker_bases_lost.value="-attacker_bases_lost"',
            'toml:checks.assault.modifiers.attacker_skirmishers.value="-attacker_skirmishers"',
        ),
    ),
    (
        REP,
        "Flank -2, rear -4, only the worse (4.3)",
        NUMBER,
        ENF,
        (
            "toml:checks.assault.modifiers.flank.value=-2",
            "toml:checks.assault.modifiers.rear.value=-4",
            'toml:checks.assault.groups.hit="min"',
        ),
    ),
    (
        REP,
        "Tactical bonus A +3, B +2, C +1; C non-cover for defenders only (4.3)",
        NUMBER,
        ENF,
        (
            "toml:checks.assault.modifiers.attacker_tactical.value=\"3 if attacker_tactical == 'a' else 2 if attacker_tactical == 'b' else 1\"",
            "toml:checks.assault.modifiers.attacker_tactical.when=\"attacker_tactical in ('a', 'b') or (attacker_tactical == 'c' and attacker_tactical_cover)\"",
        ),
    ),
    (
        REP,
        "Combat Chart (assault section): not in our source; the example's cells given (4.1, 4.4)",
        NUMBER,
        ASK,
        ("gap:chart_infantry_m4", "toml:gaps.chart_infantry_p7.value"),
    ),
    (
        REP,
        "Panic Index W/F/Re/Rt and -N surrendered: not in our source but two cells (4.4)",
        NUMBER,
        ASK,
        (
            "gap:panic_regular_3",
            'toml:gaps.panic_veteran_2.value="F"',
            'toml:gaps.panic_green_2.value="Rt-1"',
        ),
    ),
    (
        REP,
        "Results: morale hits, base hits primary first, surrender after base hits (4.4)",
        YESNO,
        ENF,
        (
            "effect:assault~Base hit: one base removed at once",
            "effect:panic~taken after base hits",
            "effect:assault~from the chart, in incidental contact",
            "ruling:rep-assault-results-marked",
            "ruling:rep-base-hits-picked",
        ),
    ),
    (REP, "Surrender when no way out (4.4)", YESNO, ENF, ("effect:assault~surrenders",)),
    (
        REP,
        "Artillery effects replace the rest (4.4)",
        YESNO,
        ENF,
        ("effect:assault~Artillery takes the same results",),
    ),
    (
        REP,
        "Carry position, continuing movement, breakthrough, break off, stalled assaults (4.4)",
        TEXT,
        ENF,
        ("effect:assault~stalled assaults included", "ref:assault_results"),
    ),
    (
        REP,
        "Emergency rally: unattached leader within 8cm, injury at +4, then twice his value (4.5)",
        NUMBER,
        ENF,
        (
            "toml:checks.leader_injury.modifiers.emergency_rally.value=4",
            'toml:checks.emergency_rally.modifiers.double_value.value="2 * leader_value"',
            "refuse:emergency_rally~within 8cm",
            "refuse:emergency_rally~already attached",
            "refuse:leader_injury~never used together",
        ),
    ),
    (
        REP,
        "One emergency rally per leader per assault phase (4.5)",
        YESNO,
        ENF,
        ("refuse:emergency_rally~one emergency rally per assault phase",),
    ),
    (
        REP,
        "Emergency rally roll's number: Panic Test rules, not in our source",
        NUMBER,
        ASK,
        ("gap:emergency_rally_target",),
    ),
    (
        REP,
        "Leader injury 1D10 for leaders within 8cm; the chart not in our source (4.6)",
        NUMBER,
        ASK,
        ('toml:checks.leader_injury.dice="1d10"', "gap:injury_roll_5", "gap:injury_leading"),
    ),
    (
        REP,
        "Charge disorder: one morale hit at the turn's end (4.6)",
        NUMBER,
        ENF,
        ('toml:checks.charge_disorder.outcomes.morale_hit.effects.0.amount="1"',),
    ),
    # -- One If By Land (seed 004) -----------------------------------------------------------------
    (
        OIBL,
        "Figures a stand: infantry 3, militia 4, rifles 2, Indians 1, cavalry 2 (p.1)",
        NUMBER,
        ENF,
        (
            "toml:lookups.figures_per_stand.infantry=3",
            "toml:lookups.figures_per_stand.militia=4",
            "toml:lookups.figures_per_stand.rifles=2",
            "toml:lookups.figures_per_stand.indians=1",
            "toml:lookups.figures_per_stand.cavalry=2",
        ),
    ),
    (
        OIBL,
        'Ground 1" = 15 yards, 5-minute turns, 10 men a figure (p.1)',
        SETUP,
        REF,
        ("ref:scale",),
    ),
    (OIBL, "Stand sizes (p.1)", SETUP, REF, ("ref:mounting",)),
    (
        OIBL,
        "Each hit removes one figure (p.1)",
        NUMBER,
        ENF,
        ('toml:checks.fire.outcomes.casualties.effects.0.amount="value"',),
    ),
    (
        OIBL,
        "Troop quality -> morale number 9/8/7/6/5 (p.4)",
        NUMBER,
        ENF,
        ("toml:lookups.morale_number.elite=9", "toml:lookups.morale_number.wretched=5"),
    ),
    (
        OIBL,
        "Sequence by brigade card deck; optional division and army cards (p.4)",
        YESNO,
        ENF,
        ('toml:sequence.activation="cards"', "option:division_cards", "option:army_cards"),
    ),
    (
        OIBL,
        "Movement rates 1d6+N or fixed (p.5)",
        NUMBER,
        ENF,
        (
            'toml:lookups.movement_dice.close_order="1d6+2"',
            'toml:lookups.movement_fixed.cavalry_rout="20"',
        ),
    ),
    (
        OIBL,
        "Movement modifiers: obstacles -2, about face -2, half and quarter speed, road and charge +3 (p.5-6)",
        NUMBER,
        ENF,
        (
            "toml:checks.movement.modifiers.linear_obstacle.value=-2",
            "toml:checks.movement.modifiers.quarter_speed.scale_by=4",
            "toml:checks.movement.modifiers.road.value=3",
            "toml:checks.movement.modifiers.charge.value=3",
        ),
    ),
    (
        OIBL,
        "Backstep and sidestep: not for columns or cavalry (p.6)",
        YESNO,
        ENF,
        ("refuse:movement~cannot backstep or sidestep",),
    ),
    (
        OIBL,
        "Skirmishers pay no terrain or facing penalties (p.7)",
        YESNO,
        ENF,
        ("refuse:movement~skirmishers pay no terrain",),
    ),
    (
        OIBL,
        "Skirmishers have no flanks or rear for melee, fire or morale (p.6)",
        YESNO,
        ENF,
        (
            "refuse:morale~cannot be outflanked",
            "refuse:fire~no flanks or rear for fire",
            "refuse:melee~no flanks or rear for melee",
        ),
    ),
    (
        OIBL,
        "Skirmishers charged: test; pass evade (half fire), fail rout away (p.7)",
        YESNO,
        ENF,
        ("effect:morale~Evades by routing away", "ruling:oibl-evading-half"),
    ),
    (
        OIBL,
        'Weapon ranges 5/7/10/12/40" (p.8)',
        NUMBER,
        ENF,
        (
            "toml:lookups.weapon_range.carbine=5",
            "toml:lookups.weapon_range.musket=7",
            "toml:lookups.weapon_range.artillery=40",
            "refuse:fire~beyond the range",
        ),
    ),
    (
        OIBL,
        "Artillery firepower 5/10/15 figures, each cannon alone (p.9)",
        NUMBER,
        ENF,
        ("toml:lookups.cannon_figures.light=5", "toml:lookups.cannon_figures.heavy=15"),
    ),
    (
        OIBL,
        "Counter-battery: a casualty, then d10 8 or 9 destroys the gun (p.9)",
        NUMBER,
        ENF,
        (
            'toml:checks.counter_battery.rows=[{"roll": [0, 7], "outcome": "survives"}, {"roll": [8, 9], "outcome": "destroyed"}]',
        ),
    ),
    (
        OIBL,
        "Combat chart; below 0 a miss, 12+ reads 12, over 30 figures roll again (p.7)",
        NUMBER,
        ENF,
        (
            "toml:checks.fire.below=0",
            "toml:checks.fire.columns=[0, 12]",
            "toml:checks.fire.excess_over=30",
        ),
    ),
    (
        OIBL,
        "Firing modifiers (p.8)",
        NUMBER,
        ENF,
        (
            "toml:checks.fire.modifiers.point_blank.value=2",
            "toml:checks.fire.modifiers.heavy_cover.value=-4",
            "toml:checks.fire.modifiers.cannon_over_25.value=-4",
        ),
    ),
    (
        OIBL,
        "Melee modifiers, 'Attached' read as 'Attacked' (p.8)",
        NUMBER,
        ENF,
        (
            "toml:checks.melee.modifiers.attacked_in_flank_or_rear.value=-4",
            "ruling:oibl-attacked-typo",
        ),
    ),
    (
        OIBL,
        "Fire arcs: front or 45 degrees, 360 for skirmishers; over half a back edge (p.8)",
        YESNO,
        ENF,
        (
            "refuse:fire~outside the firer's arc",
            "refuse:fire~more than half of the back edge",
            "refuse:fire~not fire through",
        ),
    ),
    (
        OIBL,
        "Close order fires two ranks, open order one, a column its front rank (p.8, p.2)",
        NUMBER,
        ENF,
        (
            'toml:checks.fire.derived.own="min(figures, column_front_stands * figures_per_stand[firer_type]) if in_column else figures"',
            "refuse:fire~only a column's front rank fires",
        ),
    ),
    (
        OIBL,
        "Charge steps 1-5: tests and the defender's fire; fail by 1 fires half (p.9)",
        NUMBER,
        ENF,
        ("effect:morale~rounded down (charge step 4)", "ruling:oibl-charged-half-not-infantry"),
    ),
    (
        OIBL,
        "Melee round 1: contact plus a stand each flank; none Poor/Wretched or skirmishers; Indians 2 figures (p.9)",
        NUMBER,
        ENF,
        (
            'toml:checks.melee.derived.overlap_figures="0 if low_quality else (overlap_flanks * indian_overlap if indians else (0 if skirmishing else overlap_flanks * fps))"',
            "ruling:oibl-indian-overlap",
        ),
    ),
    (
        OIBL,
        "Melee round 2: all survivors; skirmishers a stand a flank; Indians the warband (p.10)",
        NUMBER,
        ENF,
        (
            'toml:checks.melee.derived.second_round="survivors if indians or not skirmishing else min(survivors, (stands_in_contact + overlap_flanks) * fps)"',
            'toml:checks.melee.derived.survivors="figures + figures_lost_this_round"',
        ),
    ),
    (
        OIBL,
        "Cavalry against infantry: one round (p.10)",
        YESNO,
        ENF,
        ("refuse:melee~one round only",),
    ),
    (
        OIBL,
        "Units of one quality combine, others separately (p.7)",
        YESNO,
        ENF,
        ("toml:checks.melee.inputs.combined_figures.label",),
    ),
    (
        OIBL,
        "Winner: more casualties routs, the other tests; equal, both test; attacker retreats a column move (p.10)",
        YESNO,
        ENF,
        ("toml:checks.melee_winner.rules", "effect:melee_winner~full column move"),
    ),
    (
        OIBL,
        "Panic marker triggers, one marker at most (p.10)",
        YESNO,
        ENF,
        ("effect:fire~receives a panic marker", "effect:morale~receive a panic marker"),
    ),
    (
        OIBL,
        "Morale test d10, 0 is 0, at or under the morale number (p.11)",
        NUMBER,
        ENF,
        ('toml:checks.morale.dice="1d10z"', 'toml:checks.morale.compare="<="'),
    ),
    (
        OIBL,
        "Morale modifiers, commanding officer -X (ruling), cover, friends routing, charged (p.11)",
        NUMBER,
        ENF,
        (
            'toml:checks.morale.modifiers.leader.value="-leader"',
            "ruling:oibl-leader-rating",
            "toml:checks.morale.modifiers.outflanked.value=2",
        ),
    ),
    (
        OIBL,
        "Casualty bands 25/50/75% (p.11)",
        NUMBER,
        ENF,
        (
            'toml:checks.morale.modifiers.casualties_25.when="figures_lost * 4 >= figures_start"',
            'toml:checks.morale.modifiers.casualties_75.when="figures_lost * 4 >= figures_start * 3"',
        ),
    ),
    (
        OIBL,
        "Morale results: fail by 1, by 2 or more (p.11)",
        NUMBER,
        ENF,
        (
            "toml:checks.morale.outcomes.fail_by_1.by=1",
            "toml:checks.morale.outcomes.fail_by_2.by=[2, 1000]",
        ),
    ),
    (
        OIBL,
        "Rout and reform: a turn reforming, half fire rounded down (p.11)",
        YESNO,
        ENF,
        (
            "effect:morale~spends one turn reforming",
            'toml:checks.fire.inputs.portion.choices=["all", "charged", "failed_by_1", "charged_failed_by_1", "reforming", "move_and_fire", "evading"]',
        ),
    ),
    (
        OIBL,
        "Risk to generals: a d10 per two hits, on 1 a d6: 1-2 light, 3-4 serious, 5-6 killed (p.11)",
        NUMBER,
        ENF,
        (
            'toml:checks.general_risk.count="ceil_div(hits, 2)"',
            "toml:checks.general_risk.trigger=1",
        ),
    ),
]


@pytest.fixture(scope="module")
def docs() -> dict[str, Any]:
    return {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in RULESETS.glob("*.toml")}


def _path(doc: Any, dotted: str) -> Any:
    node = doc
    for key in dotted.split("."):
        if isinstance(node, list):
            node = node[int(key)]
        elif isinstance(node, dict) and key in node:
            node = node[key]
        else:
            raise KeyError(dotted)
    return node


def _texts(items: list[Any], key: str = "text") -> list[str]:
    return [str(i.get(key, "")) for i in items if isinstance(i, dict)]


def found(doc: dict[str, Any], evidence: str) -> bool:
    """Whether the ruleset document backs one piece of evidence."""
    kind, _, rest = evidence.partition(":")
    if kind == "toml":
        path, eq, value = rest.partition("=")
        try:
            got = _path(doc, path)
        except (KeyError, IndexError):
            return False
        return not eq or got == json.loads(value)
    if kind in ("refuse", "effect"):
        check_id, _, words = rest.partition("~")
        check = doc.get("checks", {}).get(check_id, {})
        if kind == "refuse":
            texts = _texts(check.get("refuse", []))
            for mod in check.get("modifiers", {}).values():
                texts += _texts(mod.get("refuse", []))
        else:
            texts = [
                t for o in check.get("outcomes", {}).values() for t in _texts(o.get("effects", []))
            ]
        return any(words.replace('\\"', '"') in t for t in texts)
    if kind == "gap":
        return rest in doc.get("gaps", {})
    if kind == "ruling":
        return any(r.get("id") == rest for r in doc.get("rulings", []))
    if kind == "ref":
        return any(r.get("id") == rest for r in doc.get("reference", []))
    if kind == "option":
        return rest in doc.get("options", {})
    raise AssertionError(f"unknown evidence {evidence!r}")


def test_every_claim_is_backed_by_the_rulesets(docs: dict[str, Any]) -> None:
    unbacked = [
        f"{rs}: {item}: {ev}"
        for rs, item, _, _, evidence in ITEMS
        for ev in evidence
        if not found(docs[rs], ev)
    ]
    assert unbacked == [], "\n".join(unbacked)


def test_statuses_match_their_evidence() -> None:
    for rs, item, _, status, evidence in ITEMS:
        kinds = {e.split(":", 1)[0] for e in evidence}
        if status == REF:
            assert kinds == {"ref"}, f"{rs}: {item}: reference-only must cite only reference"
        elif status == ASK:
            assert "gap" in kinds or any(".help" in e or ".label" in e for e in evidence), item
        else:
            assert kinds & {"toml", "refuse", "effect", "option"}, item


def test_coverage_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """Prints enforced / asked / reference-only per ruleset; none of the rules with a number or
    a yes/no is reference-only."""
    counts: dict[str, Counter[str]] = {}
    for rs, _, kind, status, _ in ITEMS:
        key = "setup" if kind == SETUP else status
        counts.setdefault(rs, Counter())[key] += 1
    total: Counter[str] = sum(counts.values(), Counter())
    with capsys.disabled():
        print("\nRULES-MAP coverage: enforced / asked / reference-only (setup conventions apart)")
        for rs in sorted(counts):
            c = counts[rs]
            print(f"  {rs:<16} {c[ENF]:>3} / {c[ASK]:>3} / {c[REF]:>3}   (setup {c['setup']})")
        print(
            f"  {'all':<16} {total[ENF]:>3} / {total[ASK]:>3} / {total[REF]:>3}   (setup {total['setup']})"
        )
    numeric_reference = [
        f"{rs}: {item}"
        for rs, item, kind, status, _ in ITEMS
        if status == REF and kind in (NUMBER, YESNO)
    ]
    assert numeric_reference == []
    assert total[ENF] >= 100 and len(ITEMS) == sum(total.values())
