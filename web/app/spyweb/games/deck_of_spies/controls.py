"""The table's buttons: quiet or primary, pressed or not, with their key shown, and when
off, the reason they are off read out with them (`aria-describedby`)."""

from __future__ import annotations

from ...browser.markup import attrs, esc


def control(
    label: str,
    act: str,
    arg: str = "",
    *,
    id_: str,
    pressed: bool | None = None,
    quiet: bool = False,
    primary: bool = False,
    disabled: bool = False,
    key: str | None = None,
    described: str | None = None,
    title: str | None = None,
) -> str:
    """A button the page routes by its `data-act` / `data-arg`; `key` is its shortcut.

    >>> html = control("Undo", "undo", id_="btn-undo", key="U", disabled=True)
    >>> 'aria-keyshortcuts="U" disabled>Undo <span class="kbd" aria-hidden="true">U</span>' in html
    True
    """
    cls = "btn" + (" btn-quiet" if quiet else "") + (" btn-primary" if primary else "")
    kbd = f' <span class="kbd" aria-hidden="true">{esc(key)}</span>' if key else ""
    return (
        "<button"
        + attrs(
            type="button",
            id=id_,
            class_=cls,
            data_act=act,
            data_arg=arg,
            aria_pressed=None if pressed is None else ("true" if pressed else "false"),
            aria_keyshortcuts=key,
            aria_describedby=described,
            title=title,
            disabled=disabled,
        )
        + f">{label}{kbd}</button>"
    )
