package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A call whose arguments include a type the model lacks (a missing jar's) can be bound by the compiler to another
 * overload of the same name and arity: {@code gen.place(start.x(), start.z(), start)} to {@code place(World,
 * Random, Pair)} instead of {@code place(int, int, Start)}. A target whose parameter a known argument cannot be
 * passed to is not the method called; the overload the arguments fit is.
 */
class OverloadArgumentsTest {

    private static void check(String call, boolean expected) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Generator.java", """
                        package p;
                        import java.util.Random;
                        import java.util.concurrent.*;
                        import net.game.Pair;
                        import net.game.Start;
                        import net.game.World;
                        public class Generator {
                            int placed;
                            public synchronized boolean place(World world, Random random, Pair pair) {MARK
                                placed++;
                                return true;
                            }
                            private void place(int x, int z, Start start) {
                                placed += x + z;
                            }
                            static class Structure extends RecursiveAction {
                                final Generator gen;
                                final Start start;
                                final World world;
                                Structure(Generator gen, Start start, World world) {
                                    this.gen = gen;
                                    this.start = start;
                                    this.world = world;
                                }
                                @Override
                                protected void compute() {
                                    CALL;
                                }
                            }
                            void generate(Start start, World world) {
                                ForkJoinPool.commonPool().invoke(new Structure(this, start, world));
                            }
                        }
                        """.replace("CALL", call).replace("MARK", expected ? " // expect: intra-task-sync" : ""))
                .check();
    }

    @Test
    void aKnownArgumentOfAnotherTypeRulesAnOverloadOut() {
        check("gen.place(start.x(), start.z(), start)", false);
    }

    @Test
    void theOverloadTheArgumentsFitIsFollowed() {
        check("gen.place(world, new Random(), start.pair())", true);
    }
}
