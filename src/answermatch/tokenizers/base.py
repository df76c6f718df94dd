"""The interface every tokenizer implements."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType

from ..errors import MissingExtraError
from ..normalization import steps


class Tokenizer(ABC):
    """Splits text of one language into words.

    Subclasses set ``lang``, ``modes`` (the first is the default) and
    implement :meth:`_tokenize` and :meth:`signature`. Heavy libraries are
    imported in ``__init__`` (through :func:`require`), so creating the
    tokenizer is the moment its extra is needed.
    """

    lang: str = ""
    modes: tuple[str, ...] = ("word",)
    #: Whether no token depends on the text beyond the whitespace around it
    #: (the tokenizer reads each whitespace-separated stretch on its own): a
    #: long text is then tokenized in pieces cut at whitespace, with the
    #: same tokens (:meth:`tokenize`).
    local_to_whitespace: bool = False
    #: Whether, besides, the tokens of a text cut inside a run of ASCII
    #: letters (:func:`~answermatch.normalization.steps.in_letters`) or
    #: between two Thai consonants are those of its two sides, the first of
    #: the second side continuing the last of the first (a long text is then
    #: also cut there).
    letter_cuts: bool = False

    def tokenize(self, text: str, mode: str | None = None) -> list[str]:
        """Split ``text``; ``mode=None`` means the default (first) mode.

        A text longer than :data:`~answermatch.normalization.steps.PIECE_CHARS`
        is tokenized piece by piece where the tokenizer allows it
        (:attr:`local_to_whitespace`), equal tokens sharing one string
        (:func:`~answermatch.normalization.steps.shared_tokens`): the
        library's work and the tokens' strings are held for one piece at a
        time, not for the whole text."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        mode = self._mode(mode)
        if self.local_to_whitespace and len(text) > steps.PIECE_CHARS:
            return self._in_pieces(text, mode)
        return self._tokenize(text, mode)

    def splitter(self, mode: str | None = None) -> Callable[[str], list[str]]:
        """:meth:`tokenize` with ``mode`` checked once and no check of the text."""
        mode = self._mode(mode)
        tokenize = self._tokenize
        if not self.local_to_whitespace:
            return lambda text: tokenize(text, mode)

        def split(text: str) -> list[str]:
            if len(text) <= steps.PIECE_CHARS:
                return tokenize(text, mode)
            return self._in_pieces(text, mode)

        return split

    def tokenize_parts(self, parts: Iterable[str], mode: str | None = None) -> Iterator[list[str]]:
        """The tokens :meth:`tokenize` gives of ``"".join(parts)``, in lists
        whose concatenation is that list, for a caller that counts them
        rather than keeping them. This one joins the parts; a tokenizer that
        reads a long text in pieces anyway (MeCab) never holds the whole text.

        >>> from answermatch.tokenizers import get_tokenizer
        >>> list(get_tokenizer("en").tokenize_parts(["a b", "c"]))
        [['a', 'bc']]
        """
        yield self.tokenize("".join(parts), mode)

    def _in_pieces(self, text: str, mode: str) -> list[str]:
        tokenize = self._tokenize
        return list(steps.shared_tokens(text, lambda piece: tokenize(piece, mode)))

    def _mode(self, mode: str | None) -> str:
        mode = self.modes[0] if mode is None else mode
        if mode not in self.modes:
            raise ValueError(
                f"unknown mode {mode!r} for language {self.lang!r}; "
                f"its modes: {', '.join(self.modes)}"
            )
        return mode

    @abstractmethod
    def _tokenize(self, text: str, mode: str) -> list[str]: ...

    @abstractmethod
    def signature(self) -> str:
        """Names the library, its version and the dictionary or model that ran."""


def require(module: str, extra: str, package: str | None = None) -> ModuleType:
    """Import ``module`` or raise :class:`MissingExtraError` naming ``extra``."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(package or module, extra) from None


def version_of(distribution: str) -> str:
    """The installed version of a distribution, or ``unknown``."""
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "unknown"
