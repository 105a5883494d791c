"""A secret after the word for "password" in another language is redacted (fault campaign, round 18):
pasted chat in Vietnamese, Malay, Chinese and others kept its passwords in memory before."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from growth import near_linear

from mdrecall.text.redact import REDACTED, redact, secrets_in


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("[07:40 3/9] Bảo Ngọc: mật khẩu router là Kem#4471 nha", "Kem#4471"),
        ("MẬT KHẨU cửa hàng: Sen2020vang", "Sen2020vang"),
        ("mat khau zalo moi: duahau88", "duahau88"),
        ("[3/9, 19:02] Cik Aminah: kata laluan portal sekolah: Batik7791", "Batik7791"),
        ("Katalaluan = Rambai#55", "Rambai#55"),
        ("[3/9, 19:05] Ah Seng: 店里的wifi密码是 Lychee2288，不要发群里", "Lychee2288"),
        ("密碼：Tofu-3391", "Tofu-3391"),
        ("パスワードはMikan551です", "Mikan551です"),
        ("das WLAN-Kennwort für die Werkstatt: Fichte_209", "Fichte_209"),
        ("a senha do cofre é Goiaba44", "Goiaba44"),
        ("şifre: Lale1453", "Lale1453"),
        ("пароль от почты: Berezka77", "Berezka77"),
        ("wachtwoord kluis = TulpRood9", "TulpRood9"),
    ],
)
def test_a_password_after_another_languages_label_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and REDACTED in out
    assert any(secret.startswith(s) for _kind, s in secrets_in(text))


@pytest.mark.parametrize(
    "text",
    [
        "mật khẩu wifi là gì vậy em?",
        "chị quên mật khẩu rồi, đổi lại giúp em",
        "mật khẩu: đã đổi hôm qua",
        "mật khẩu: ****",
        "kata laluan adalah rahsia",
        "kata laluan: sudah ditukar",
        "la contraseña es segura",
        "Das Passwort ist geändert",
        "senha e PIN trocados ontem",
        "ganti katalaluanmu sekarang",
        "the passwortliste: see the binder",
        "mật khẩu của nhà hàng Sen ở tầng hai rồi, hỏi anh Tuấn: 0903",
    ],
)
def test_words_about_a_password_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_long_line_of_labels_stays_linear() -> None:
    def make(n: int) -> Callable[[], str]:
        line = "mật khẩu wifi nhà bếp mới là " * n  # ~1.2 MB at the full size, a label every 30 characters
        return lambda: redact(line)

    make(2)()  # what the first call compiles is no part of the growth
    near_linear(make, 40_000)


def test_remember_stores_a_pasted_chat_password_redacted(tmp_path: Path) -> None:
    from mdrecall import Memory
    from mdrecall.config.settings import Config

    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("# Long-term\n\n- the user keeps bees\n")
    cfg = Config().merged({"embedding": {"provider": "none"}})
    with Memory.open(tmp_path, cfg) as mem:
        mem.remember("[21:15 8/10] Út Mai: mật khẩu camera trại ong là Ong@Mat2026 nhé")
        mem.index()
        hits = mem.search("mật khẩu camera trại ong", mode="bm25")
    stored = "".join(p.read_text() for p in (tmp_path / "memory").rglob("*.md"))
    assert "Ong@Mat2026" not in stored and REDACTED in stored
    assert hits and all("Ong@Mat2026" not in h.snippet for h in hits)
