"""challenge.toml is checked by its schema: each error names the line and what to write."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.challenge import ChallengeError, load_challenge, load_challenges
from grader.manifest import ManifestError, read_manifest
from tests.conftest import ROOT


def _folder(tmp_path: Path, challenge: str = "layer_norm") -> Path:
    folder = tmp_path / challenge
    shutil.copytree(ROOT / "challenges" / challenge, folder)
    return folder


def _with(folder: Path, old: str, new: str) -> Path:
    path = folder / "challenge.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def _line(path: Path, fragment: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if fragment in line)


def test_every_challenge_of_the_repository_follows_the_schema() -> None:
    for folder in (ROOT / "challenges").iterdir():
        if (folder / "challenge.toml").exists():
            assert read_manifest(folder / "challenge.toml").id == folder.name


def test_a_misspelt_key_names_its_line_and_says_to_remove_it(tmp_path: Path) -> None:
    path = _with(_folder(tmp_path), "memory_mb = 512", "memory_mib = 512")
    with pytest.raises(ManifestError) as raised:
        read_manifest(path)
    message = str(raised.value)
    assert f"challenge.toml:{_line(path, 'memory_mib')}: limits.memory_mib" in message
    assert "not a known key" in message


def test_a_returns_out_of_range_names_the_function_entry(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "atencion_causal")
    path = _with(folder, "returns = 2", "returns = 0")
    with pytest.raises(ManifestError) as raised:
        read_manifest(path)
    assert f"challenge.toml:{_line(path, 'returns = 0')}: functions[1].returns: too small" in str(
        raised.value
    )


def test_outputs_that_do_not_match_returns_say_both_ways_out(tmp_path: Path) -> None:
    path = _with(
        _folder(tmp_path, "atencion_causal"), 'outputs = ["salida", "pesos"]', 'outputs = ["salida"]'
    )
    with pytest.raises(ManifestError) as raised:
        read_manifest(path)
    message = str(raised.value)
    header = _line(path, 'name = "atencion"') - 1  # the second [[functions]]
    assert f"challenge.toml:{header}: functions[1]" in message
    assert "name all 2" in message


def test_a_step_in_one_language_only_asks_for_both(tmp_path: Path) -> None:
    path = _with(
        _folder(tmp_path),
        'var = { es = "s_t², la varianza de cada fila", en = "s_t², each row\'s variance" }',
        'var = { es = "s_t²" }',
    )
    with pytest.raises(ManifestError) as raised:
        read_manifest(path)
    assert f"challenge.toml:{_line(path, 'var = ')}: steps.var.en: missing: every phrase" in str(raised.value)


def test_an_id_other_than_the_folder_says_which_to_change(tmp_path: Path) -> None:
    path = _with(_folder(tmp_path), 'id = "layer_norm"', 'id = "layernorm"')
    with pytest.raises(ManifestError) as raised:
        read_manifest(path)
    assert f"challenge.toml:{_line(path, 'id = ')}: id 'layernorm' differs" in str(raised.value)
    assert 'write id = "layer_norm"' in str(raised.value)


def test_not_toml_at_all_is_told_with_the_reader_s_position(tmp_path: Path) -> None:
    path = _with(_folder(tmp_path), "order = 1", "order = ")
    with pytest.raises(ManifestError, match=r"not TOML: .*line"):
        read_manifest(path)


def test_a_used_challenge_brings_its_functions_and_steps(tmp_path: Path) -> None:
    _folder(tmp_path, "layer_norm")
    _folder(tmp_path, "bloque")
    bloque = load_challenges(tmp_path)["bloque"]
    assert bloque.uses == ("layer_norm",)
    assert bloque.required == ["layer_norm", "bloque"]
    assert bloque.steps["mu"].en == "μ_t, each row's mean"
    assert bloque.steps["return"].en == "LayerNorm(H + F), the block's output"  # its own wins


def test_a_used_challenge_that_is_not_there_is_named(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "bloque")
    with pytest.raises(ChallengeError, match="uses 'layer_norm', which is no challenge beside it"):
        load_challenge(folder)


def test_challenges_that_use_each_other_are_refused(tmp_path: Path) -> None:
    _with(_folder(tmp_path, "layer_norm"), "order = 1", 'order = 1\nuses = ["bloque"]')
    _folder(tmp_path, "bloque")
    with pytest.raises(ChallengeError, match="circle"):
        load_challenges(tmp_path)


def test_a_course_s_own_folder_adds_its_challenges_and_may_use_the_built_ins(tmp_path: Path) -> None:
    course = tmp_path / "course"
    folder = _folder(course, "bloque")
    _with(folder, 'id = "bloque"', 'id = "bloque_del_curso"')
    folder.rename(course / "bloque_del_curso")
    found = load_challenges(ROOT / "challenges", course)
    assert "bloque_del_curso" in found
    assert found["bloque_del_curso"].uses == ("layer_norm",)
    assert set(found) > {"layer_norm", "bloque", "atencion_causal", "bloque_decoder"}


def test_a_course_s_challenge_may_not_shadow_a_built_in(tmp_path: Path) -> None:
    _folder(tmp_path, "layer_norm")
    with pytest.raises(
        ChallengeError, match=r"the id .layer_norm. is already the challenge of .*may not shadow"
    ):
        load_challenges(ROOT / "challenges", tmp_path)
