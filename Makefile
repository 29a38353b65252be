.PHONY: help all build test test-quick test-rust lint bench docs golden
.DEFAULT_GOAL := help

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

build: ## build and install the package into the current Python
	pip install .

test: ## install with test extras and run the test suite (the README's test command)
	pip install ".[test]" && python -m pytest

# A first run's subset: the README's examples, the API's arguments and a newcomer's stumbles,
# a taiyuan scoring table, the command line, self-play and a match, exec bots, VecEnv and a
# hand played through the game server (under two minutes on the project's 2-CPU machine).
QUICK_TESTS := tests/engine/test_readme.py tests/engine/test_new_user.py \
	tests/engine/test_newcomer.py tests/engine/test_api_arguments.py \
	tests/engine/test_public_view.py tests/engine/test_transfer_reasons.py \
	tests/profiles/taiyuan tests/cli/test_cli.py tests/selfplay/test_selfplay.py \
	tests/selfplay/test_match_driver.py tests/bots/test_exec_bots.py \
	tests/rl/test_rl_vecenv.py tests/server/test_server_play.py

test-quick: ## a first run's subset of the Python tests (QUICK_TESTS), after pip install ".[test]"
	python -m pytest $(QUICK_TESTS)

test-rust: ## the Rust core's own tests, without Python
	cargo test --release

lint: ## clippy (pedantic, with and without the bindings), rustfmt, ruff, mypy --strict
	cargo clippy --all-targets -- -D warnings
	cargo clippy --all-targets --features python -- -D warnings
	cargo fmt --check
	python -m ruff check python tests benches examples
	python -m ruff format --check python tests benches examples
	python -m mypy python/koudiandian

golden: ## write the golden playthroughs (tests/golden/*.txt) anew; review their diff
	python -m tests.golden.regenerate

all: test-rust lint test ## what CI runs: the Rust tests, the lint, the Python tests

bench: ## criterion benches of the core, then the Python benches beside their peers
	cargo bench --bench core
	cargo bench --bench rl
	pip install ".[bench,rl]" && python -m pytest benches --benchmark-only -p no:cacheprovider

docs: ## the guide and the API reference as HTML in docs/_build/html; a warning fails it
	pip install ".[docs]" && python -m sphinx -W -b html docs docs/_build/html
