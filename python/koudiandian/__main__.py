"""``python -m koudiandian``: the command line. Importing this module runs nothing."""

from koudiandian.command import main

if __name__ == "__main__":
    raise SystemExit(main())
