import sys

from mdrecall.cli import main

sys.exit(main())
