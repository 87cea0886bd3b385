"""The oracle: every check x input x modifier of the shipped rulesets, played as the players
play it, must answer exactly as the rules core does.

:mod:`tests.oracle.plan` lists what to try from the ruleset data alone; :mod:`tests.oracle.core`
is the rules core's answer and the roll it must log; :mod:`tests.oracle.form` plays every
probe on the table session's check form (tests/session/test_oracle.py, the fast lane), and
tests/ui/oracle/driver.py one probe of each kind per ruleset on the resolve screen, by keys.
Nothing here imports Textual or Rich.
"""
