"""Settings for every test: the honest skips of ci_support.py and the Hypothesis profiles.

Hypothesis profiles (choose with HYPOTHESIS_PROFILE; CI=true chooses "ci"):

* "dev" (default): the library's random sampling, few examples — quick local runs;
* "ci": derandomized (the same examples every run, so a run is reproducible and a mutant is
  caught or not caught every time), more examples, no deadline (a shared CI machine is slow).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))      # `import ci_support`

from ci_support import in_ci  # noqa: E402

settings.register_profile("dev")
settings.register_profile("ci", derandomize=True, max_examples=200, deadline=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if in_ci() else "dev"))
