/* Plays a whole game of each of the three games with a built-in player in every seat and
 * prints the result: one line a game, `NAME seed S: N actions, returns R0 R1 ... (sum X)`.
 *
 * Build and run (from the workspace root, after `cargo build -p cards-ffi`):
 *
 *   cc -std=c99 -Wall -Wextra -I crates/cards-ffi/include crates/cards-ffi/examples/c/play.c \
 *      -L target/debug -lcards_ffi -Wl,-rpath,"$PWD/target/debug" -o target/play
 *   target/play [SEED]
 */
#include <stdio.h>
#include <stdlib.h>

#include "cards.h"

/* Prints the failed call and the library's message, and exits. */
static void check(int status, const char *what) {
    if (status != CARDS_OK) {
        const char *message = cards_last_error();
        fprintf(stderr, "%s failed (%d): %s\n", what, status, message ? message : "?");
        exit(1);
    }
}

/* Plays one game of `name` under its default rules from `seed`, every seat played by `policy`. */
static void play(const char *name, const char *policy, uint64_t seed) {
    CardsGame *game = NULL;
    CardsPlayer *player = NULL;
    check(cards_game_new(name, "", seed, &game), "cards_game_new");
    /* a small search budget where the player searches; -1: the player's default */
    check(cards_player_new(name, policy, seed, 200, -1, 1, &player), "cards_player_new");

    int32_t to_act = 0;
    unsigned actions = 0;
    for (;;) {
        check(cards_game_current_player(game, &to_act), "cards_game_current_player");
        if (to_act < 0) {
            break;
        }
        uint32_t id = 0;
        check(cards_player_play(player, game, &id), "cards_player_play");
        actions++;
    }

    double returns[8];
    size_t n = 0;
    check(cards_game_returns(game, returns, 8, &n), "cards_game_returns");
    double sum = 0;
    printf("%s seed %llu: %u actions, returns", name, (unsigned long long)seed, actions);
    for (size_t i = 0; i < n; i++) {
        printf(" %g", returns[i]);
        sum += returns[i];
    }
    printf(" (sum %g)\n", sum);

    /* the record replays to the same game */
    char *record = NULL;
    CardsGame *replayed = NULL;
    check(cards_game_record_json(game, &record), "cards_game_record_json");
    check(cards_game_from_record(name, record, &replayed), "cards_game_from_record");
    check(cards_game_current_player(replayed, &to_act), "cards_game_current_player");
    if (to_act != -1) {
        fprintf(stderr, "%s: the replayed game is not over\n", name);
        exit(1);
    }
    cards_string_free(record);
    cards_game_free(replayed);
    cards_player_free(player);
    cards_game_free(game);
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    printf("cards %s\n", cards_version());
    play("doudizhu", "greedy", seed);
    play("daifugo", "tutorial", seed);
    play("kabu", "search", seed);

    /* a refusal: an illegal action id, with the library's message */
    CardsGame *game = NULL;
    check(cards_game_new("kabu", "", seed, &game), "cards_game_new");
    int status = cards_game_apply_id(game, 0xffffffffu);
    printf("refused (%d): %s\n", status, cards_last_error());
    cards_game_free(game);
    return 0;
}
