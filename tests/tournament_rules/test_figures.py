"""One formatter for tournament figures (issue 25 defect 5): "4.33333" ran into the next column, "4½" sat beside
"5.25" and the podium said "1 pts"."""

from __future__ import annotations

import pytest

import i18n
from tournament_rules.figures import figure, points_text


@pytest.mark.parametrize(("value", "text"), [
    (0, "0"), (4, "4"), (4.0, "4"), (0.5, "½"), (4.5, "4½"), (13 / 3, "4.33"), (5.25, "5.25"), (4 / 3, "1.33"),
    (2.675, "2.68"), (0.1, "0.1"), (-1.5, "-1½"), (-0.001, "0"), (4.999, "5"), (10.5, "10½"), (1 / 3, "0.33"),
])
def test_figures(value: float, text: str) -> None:
    assert figure(value) == text


@pytest.mark.parametrize(("value", "text"), [
    (1, "1 point"), (0, "0 points"), (0.5, "½ point"), (2.5, "2½ points"), (13 / 3, "4.33 points"), (2, "2 points"),
])
def test_points_say_point_or_points(value: float, text: str) -> None:
    assert points_text(value) == text


@pytest.mark.parametrize(("code", "text"), [("en", "4.33"), ("de", "4,33"), ("fr", "4,33"), ("es-ES", "4,33"),
                                            ("pt-BR", "4,33"), ("ja", "4.33")])
def test_a_fraction_is_written_with_the_languages_decimal_sign(code: str, text: str) -> None:
    with i18n.speaking(code):
        assert figure(13 / 3) == text and figure(-13 / 3) == f"-{text}" and figure(4.5) == "4½"
