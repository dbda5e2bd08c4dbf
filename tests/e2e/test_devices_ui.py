"""Play across devices in Chromium, over real WebRTC: whole games of Le Renard des Bois,
Fennecs, Fowl Play and Onexeno with the host's page and guests' pages, with a guest's reload,
a host's reload and a guest closed and back, and a Firefox guest.  The browser part, tests/e2e/
in_netns/devices_games.py, runs in a network namespace of its own (tools/netns.py), one
namespace per game: each game is a group of its own for xdist (tests/conftest.py), so the games
spread over the run's processes."""

from __future__ import annotations

import pytest

from tools import netns

IN_NETNS = "tests/e2e/in_netns/devices_games.py"
GAMES = {
    "renard": "test_le_renard_des_bois_host_against_a_guest_to_the_end_with_a_guest_reload",
    "fennecs": "test_fennecs_a_host_two_guests_and_a_bot_and_the_host_reloads",
    "fowl_play": "test_fowl_play_three_players_choose_at_once_each_on_their_own_page",
    "onexeno": "test_onexeno_two_teams_of_two_two_rounds_and_a_guest_comes_back",
    "firefox": "test_a_firefox_guest_joins_a_chromium_host",
    "camera": "test_one_tap_pairs_a_guest_through_the_host_s_live_camera",
}


@pytest.mark.parametrize("test", [pytest.param(name, id=short, marks=pytest.mark.xdist_group("e2e-devices-" + short))
                                  for short, name in GAMES.items()])
def test_whole_games_across_devices(test):
    # Only the Chromium host of a Firefox guest holds the camera's permission (its offer then
    # names its address, which Firefox reaches): the others run the headless shell.
    proc = netns.run_pytest(f"{IN_NETNS}::{test}", "-s", timeout=1200, camera=test == GAMES["firefox"])
    print(proc.stdout[-4000:])


def test_every_game_of_the_namespace_module_is_run():
    """A test added to devices_games.py is run here too (or this fails)."""
    import ast

    tree = ast.parse((netns.ROOT / IN_NETNS).read_text())
    defined = {f.name for f in tree.body if isinstance(f, ast.FunctionDef) and f.name.startswith("test_")}
    assert defined == set(GAMES.values())
