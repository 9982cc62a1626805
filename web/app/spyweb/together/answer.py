"""The screen a friend's reply opens on the host's device: `#/answer/<reply>`.

A friend sends their reply back as a link; the host taps it in a messenger, and it opens
in a new tab of the same browser, while the table that invited the friend is open in
another. This tab passes the reply to that table over the channel the site's tabs share
(`App.tab_message`), and says what came of it: taken (the friend is connecting), refused
(and why), or, when no open table answers within a moment, what to do instead (paste the
reply into the table's Friends panel, shown here to copy).
"""

from __future__ import annotations

from spygames.i18n import _

from ..browser.markup import button, esc
from ..tables.screen import Context, Screen
from .invite import BadCode, read_reply

WAIT_MS = 2500  # how long an open table has to answer


class AnswerScreen(Screen):
    def __init__(self, ctx: Context, code: str) -> None:
        super().__init__(ctx)
        self.title = _("A friend's reply — spygames")
        self.code = code
        self.problem: str | None = None
        try:
            read_reply(code)
        except BadCode as exc:
            self.problem = str(exc)
        self.outcome: str | None = None  # what the table said, once it answered
        self.taken = False
        self.here = False  # the friend is at the table (the table said so)
        self.waited = False

    @property
    def passing(self) -> bool:
        """The reply is to be passed to an open table (a good reply, not yet answered)."""
        return self.problem is None and self.outcome is None

    def answered(self, taken: bool, words: str) -> None:
        """The table that took (or refused) the reply says so."""
        self.taken, self.outcome = taken, words

    def at_table(self, words: str) -> None:
        """The table says the friend whose reply this was is at the table now."""
        self.taken, self.outcome, self.here = True, words, True

    def pending_delay(self) -> int | None:
        return WAIT_MS if self.passing and not self.waited else None

    def tick(self) -> None:
        self.waited = True

    def handle(self, act: str, arg: str) -> None:
        if act == "copy-answer":
            self.ctx.effect("copy", self.code, "reply-code")

    def render(self) -> str:
        head = '<section class="join" aria-labelledby="join-title">'
        if self.problem is not None:
            return (
                head + '<h1 id="join-title">' + _("This reply cannot be used") + "</h1>"
                f'<p class="join-problem" role="alert">{esc(self.problem)}</p>'
                "<p>" + _("Ask your friend to send their reply again, as it is.") + "</p></section>"
            )
        if self.outcome is not None:
            title = (
                _("Your friend is at the table")
                if self.here
                else _("Your friend is connecting")
                if self.taken
                else _("The reply was not taken")
            )
            role = "status" if self.taken else "alert"
            return (
                head + f'<h1 id="join-title">{title}</h1>'
                f'<p class="join-status" role="{role}" id="answer-outcome">{esc(self.outcome)}</p>'
                "<p>" + _("You can close this tab and go back to your table.") + "</p></section>"
            )
        if not self.waited:
            return (
                head + '<h1 id="join-title">' + _("Passing the reply to your table…") + "</h1>"
                '<p class="join-status" role="status">'
                + _(
                    "Looking for the table that invited your friend, open in another tab of "
                    "this browser."
                )
                + "</p></section>"
            )
        return (
            head + '<h1 id="join-title">' + _("No open table took this reply") + "</h1>"
            '<p class="join-status" role="alert">'
            + _(
                "Open the table that invited your friend (in this browser, on this device), "
                "then paste this reply under Friends on other devices."
            )
            + "</p>"
            '<label for="reply-code">' + _("The reply") + "</label>"
            f'<textarea id="reply-code" class="join-code" readonly rows="4">{esc(self.code)}'
            "</textarea>"
            '<p class="join-buttons">'
            + button(_("Copy the reply"), "copy-answer", id="answer-copy", class_="btn btn-primary")
            + "</p></section>"
        )
