"""What pyasp's command line adds to Typer: help screens that show flags as flags and keep every
word at any width, and an unknown option that names the commands that take it. ``cli.py``
installs the first two (:func:`flags_take_no_value`, :func:`help_keeps_every_word`) and builds
its command groups with :class:`Group`."""

from __future__ import annotations

from typer.core import TyperGroup


def flags_take_no_value() -> None:
    """typer 0.29 shows a flag's type in --help (`--json <bool>`), as if it took a value (`--json
    true` is an error): show nothing there for flags, as click and earlier typers do. A typer
    without the hook is left as it is."""
    from typer import core

    shown = getattr(getattr(core, "TyperOption", None), "display_type_rich", None)
    if shown is None or getattr(shown, "_pyasp", False):
        return

    def display_type_rich(self, ctx):
        return None if getattr(self, "is_flag", False) else shown(self, ctx)

    display_type_rich._pyasp = True
    core.TyperOption.display_type_rich = display_type_rich


def help_keeps_every_word() -> None:
    """``--help`` at 80 columns cut long words with "…" (a default path such as
    encodings/worldtree_joins.tsv, an option such as --precision-samples): rich's table crops a
    word wider than its column. Every column of the help tables folds such a word onto the next
    line instead (nothing is lost), the option names are kept whole wherever that leaves the
    description 14 columns, and the type column wraps at 12 ("<int range>" above "[x>=1]"),
    leaving the description more room. Installed on typer's help formatting, so that rich's help
    module is still imported only when help is shown; a typer without these hooks is left as it
    is."""
    from typer import core

    TYPE_WIDTH, DESCRIPTION_WIDTH = 12, 14

    def keep_every_word() -> None:
        from typer import rich_utils

        table = getattr(rich_utils, "Table", None)
        if table is None or getattr(table, "_pyasp", False):
            return

        from rich.text import Text

        def fold(renderable) -> None:
            for text in getattr(renderable, "renderables", None) or [renderable]:  # typer's help: Columns of Texts
                if isinstance(text, Text):
                    text.overflow = "fold"

        class HelpTable(table):
            _pyasp = True

            def add_row(self, *renderables, **kwargs):
                for renderable in renderables:
                    fold(renderable)
                super().add_row(*renderables, **kwargs)
                for column in self.columns:
                    column.overflow = "fold"
                if len(self.columns) > 2:  # an options panel (names..., type, description), not a command list
                    self.columns[-2].max_width = TYPE_WIDTH

            def __rich_console__(self, console, options):
                if len(self.columns) > 2:  # option names unbroken, if that leaves the description room
                    names = self.columns[:-2]
                    width = sum(max((console.measure(cell).maximum for cell in getattr(column, "_cells", ())), default=0)
                                + 2 for column in names)  # a cell's width and its padding
                    for column in names:
                        column.no_wrap = options.max_width - width >= TYPE_WIDTH + 2 + DESCRIPTION_WIDTH
                yield from super().__rich_console__(console, options)

        rich_utils.Table = HelpTable

    for kind in (getattr(core, "TyperCommand", None), getattr(core, "TyperGroup", None)):
        shown = getattr(kind, "format_help", None)
        if shown is None or getattr(shown, "_pyasp", False):
            continue

        def format_help(self, ctx, formatter, _shown=shown):
            keep_every_word()
            return _shown(self, ctx, formatter)

        format_help._pyasp = True
        kind.format_help = format_help



def _option_owners(command, name: str, path: str) -> list[str]:
    """The commands under ``command`` (itself included; ``path``, its name on the command line)
    that take the option ``name``, each as written on the command line."""
    subcommands = getattr(command, "commands", None)
    if subcommands is None:
        takes = any(name in (*param.opts, *getattr(param, "secondary_opts", ())) for param in command.params
                    if getattr(param, "param_type_name", "") == "option")
        return [path] if takes else []
    return [owner for sub, cmd in subcommands.items() if not getattr(cmd, "hidden", False)
            for owner in _option_owners(cmd, name, f"{path} {sub}")]


def _command_path(ctx) -> str:
    """``pyasp GROUP COMMAND`` of a context, whatever name the program was started under."""
    names = []
    while ctx.parent is not None:
        names.append(ctx.info_name)
        ctx = ctx.parent
    return " ".join(["pyasp", *reversed(names)])


def _name_the_owner(error) -> None:
    """An unknown option that another command takes says which: "--weight is an option of `pyasp
    algebra candidates`, not of `pyasp algebra solve`". The commands looked in: those of the
    group (for an option given to the group, before its command's name), else the sibling
    commands, else every command."""
    ctx, name = getattr(error, "ctx", None), getattr(error, "option_name", None)
    if ctx is None or not name or getattr(error, "_pyasp", False):
        return
    error._pyasp = True
    here = _command_path(ctx)
    if getattr(ctx.command, "commands", None) is not None:  # a group: the option belongs after a command's name
        owners = _option_owners(ctx.command, name, here)
        where = " (give it after the command's name)"
    else:
        owners = _option_owners(ctx.parent.command, name, _command_path(ctx.parent)) if ctx.parent is not None else []
        if not owners:
            owners = _option_owners(ctx.find_root().command, name, "pyasp")
        where = f", not of `{here}`"
    if not owners:
        return
    named = [f"`{owner}`" for owner in owners[:3]] + ([f"{len(owners) - 3} more"] if len(owners) > 3 else [])
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    error.message = f"No such option: {name}; it is an option of {listed}{where}"
    error.possibilities = None  # the close matches of this command's options would mislead


class Group(TyperGroup):
    """Typer's command group, whose unknown-option errors name the command that has the option
    (:func:`_name_the_owner`)."""

    def parse_args(self, ctx, args):  # an option given to the group itself (pyasp algebra --weight ...)
        try:
            return super().parse_args(ctx, args)
        except Exception as error:  # click's NoSuchOption (typer vendors click: matched by name)
            if type(error).__name__ == "NoSuchOption":
                _name_the_owner(error)
            raise

    def invoke(self, ctx):  # an option given to one of its commands
        try:
            return super().invoke(ctx)
        except Exception as error:
            if type(error).__name__ == "NoSuchOption":
                _name_the_owner(error)
            raise
