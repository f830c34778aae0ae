/* rng.h: the game's own deterministic PRNG (PCG32), state kept by value. */
#ifndef MEDSIEGE_RNG_H
#define MEDSIEGE_RNG_H

#include <stdint.h>

struct rng {
	uint64_t state;
	uint64_t inc;
};

/* Seed the generator; the same seed gives the same stream everywhere. */
void rng_seed(struct rng *r, uint64_t seed);
uint32_t rng_next(struct rng *r);
/* A uniform integer in 1..sides, without modulo bias. */
int rng_die(struct rng *r, int sides);

#endif
