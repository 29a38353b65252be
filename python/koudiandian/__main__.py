from koudiandian.cli import main

raise SystemExit(main())
