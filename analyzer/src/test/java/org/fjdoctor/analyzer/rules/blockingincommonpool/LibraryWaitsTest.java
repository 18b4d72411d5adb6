package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Well-known library calls documented to wait on the calling thread (Ignite's future, Reactor's block, Spring's
 * RestTemplate and SseEmitter, Kafka's poll, Lettuce's synchronous commands) block a common-pool worker as a JDK
 * future or socket does, matched by the library type's name when its jar is absent; the same types' calls that only
 * register or assemble work do not.
 */
class LibraryWaitsTest {

    private static final String CALLS = """
            package p;
            import io.lettuce.core.api.sync.RedisCommands;
            import java.time.Duration;
            import java.util.List;
            import org.apache.ignite.lang.IgniteFuture;
            import org.apache.kafka.clients.consumer.KafkaConsumer;
            import org.springframework.web.client.RestTemplate;
            import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
            import reactor.core.publisher.Mono;
            class Calls {
                IgniteFuture<String> future;
                Mono<String> mono;
                RestTemplate rest;
                SseEmitter emitter;
                KafkaConsumer<String, String> consumer;
                RedisCommands<String, String> redis;
                void ignite(List<String> keys) {
                    keys.parallelStream().forEach(k -> future.get()); // expect: blocking-in-common-pool "IgniteFuture.get"
                }
                void reactor(List<String> keys) {
                    keys.parallelStream().forEach(k -> mono.block()); // expect: blocking-in-common-pool "Mono.block"
                }
                void restTemplate(List<String> urls) {
                    urls.parallelStream().forEach(u -> rest.getForObject(u, String.class)); // expect: blocking-in-common-pool "RestTemplate"
                }
                void sse(List<String> events) throws Exception {
                    events.parallelStream().forEach(e -> send(e)); // expect: blocking-in-common-pool "SseEmitter.send"
                }
                void send(String event) {
                    try {
                        emitter.send(event);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
                void kafka(List<String> topics) {
                    topics.parallelStream().forEach(t -> consumer.poll(Duration.ofSeconds(1))); // expect: blocking-in-common-pool "KafkaConsumer.poll"
                }
                void lettuce(List<String> keys) {
                    keys.parallelStream().forEach(k -> redis.get(k)); // expect: blocking-in-common-pool "Redis command"
                }
            }
            """;

    @Test
    void documentedLibraryWaitsBlockTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Calls.java", CALLS).check();
    }

    @Test
    void theSameTypesCallsThatOnlyRegisterOrAssembleDoNot() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Calls.java", CALLS
                .replace("future.get()", "future.isDone()").replace("mono.block()", "mono.map(String::trim)")
                .replace("rest.getForObject(u, String.class)", "rest.getUriTemplateHandler()")
                .replace("emitter.send(event)", "emitter.onTimeout(() -> { })")
                .replace("consumer.poll(Duration.ofSeconds(1))", "consumer.subscribe(List.of(t))")
                .replace("redis.get(k)", "k.length()")
                .replaceAll(" // expect: .*", "")).check();
    }
}
