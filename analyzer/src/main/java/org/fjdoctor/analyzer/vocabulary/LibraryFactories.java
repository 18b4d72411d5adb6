package org.fjdoctor.analyzer.vocabulary;

import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.instanceMethod;
import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.staticMethod;

import java.util.List;

import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.reference.CtTypeReference;

/**
 * A no-classpath repair for well-known library factories of JDK collections and streams: without Guava's jar,
 * {@code var keys = Maps.newHashMapWithExpectedSize(n)} and {@code Streams.stream(iterable)} have no type, so
 * {@code keys.entrySet().parallelStream()} and {@code Streams.stream(it).parallel()} would be no parallel pipelines.
 * Each factory here is documented to return a new instance of the JDK type named (Guava's immutable collections
 * are the JDK interface they implement); nothing else about the library is assumed. Only consulted where the
 * call has no type of its own, so a project with Guava on its classpath keeps JDT's types. Spring Data Redis'
 * {@code redisTemplate.opsForValue()}, Jersey 1's request builders and OkHttp's
 * {@code client.newCall(request)} and the MongoDB driver's {@code collection.find(..)} are typed the same way, so that the commands called on it are known. Likewise a stream's
 * {@code collect(..)} over elements of a missing jar's type has the JDK type its collector makes.
 */
final class LibraryFactories {

    private record Factory(MethodMatcher matcher, String returns) {
    }

    private static final String MAPS = "com.google.common.collect.Maps";
    private static final String LISTS = "com.google.common.collect.Lists";
    private static final String SETS = "com.google.common.collect.Sets";
    private static final String COLLECTORS_CLASS = "java.util.stream.Collectors";
    private static final String JERSEY = "com.sun.jersey.api.client.";
    private static final String MONGO = "com.mongodb.client.";
    private static final String KOHSUKE = "org.kohsuke.github.";
    private static final String ISSUE_QUERY = KOHSUKE + "GHIssueQueryBuilder$ForRepository";

    private static final List<Factory> TABLE = List.of(
            new Factory(staticMethod().onClass(MAPS).named("newHashMap", "newHashMapWithExpectedSize"), "java.util.HashMap"),
            new Factory(staticMethod().onClass(MAPS).named("newLinkedHashMap", "newLinkedHashMapWithExpectedSize"),
                    "java.util.LinkedHashMap"),
            new Factory(staticMethod().onClass(MAPS).named("newTreeMap"), "java.util.TreeMap"),
            new Factory(staticMethod().onClass(MAPS).named("newConcurrentMap"), "java.util.concurrent.ConcurrentMap"),
            new Factory(staticMethod().onClass(MAPS).named("newIdentityHashMap"), "java.util.IdentityHashMap"),
            new Factory(staticMethod().onClass(LISTS).named("newArrayList", "newArrayListWithCapacity",
                    "newArrayListWithExpectedSize"), "java.util.ArrayList"),
            new Factory(staticMethod().onClass(LISTS).named("newLinkedList"), "java.util.LinkedList"),
            new Factory(staticMethod().onClass(LISTS).named("newCopyOnWriteArrayList"),
                    "java.util.concurrent.CopyOnWriteArrayList"),
            new Factory(staticMethod().onClass(SETS).named("newHashSet", "newHashSetWithExpectedSize"), "java.util.HashSet"),
            new Factory(staticMethod().onClass(SETS).named("newLinkedHashSet", "newLinkedHashSetWithExpectedSize"),
                    "java.util.LinkedHashSet"),
            new Factory(staticMethod().onClass(SETS).named("newTreeSet"), "java.util.TreeSet"),
            new Factory(staticMethod().onClass(SETS).named("newConcurrentHashSet", "newIdentityHashSet"), "java.util.Set"),
            new Factory(staticMethod().onClass(SETS).named("newCopyOnWriteArraySet"),
                    "java.util.concurrent.CopyOnWriteArraySet"),
            new Factory(staticMethod().onClass("com.google.common.collect.ImmutableList").named("of", "copyOf"),
                    "java.util.List"),
            new Factory(staticMethod().onClass("com.google.common.collect.ImmutableSet").named("of", "copyOf"),
                    "java.util.Set"),
            new Factory(staticMethod().onClass("com.google.common.collect.ImmutableMap").named("of", "copyOf"),
                    "java.util.Map"),
            // Streams.stream(Iterable | Iterator | Collection | Optional): a sequential Stream of its elements.
            new Factory(staticMethod().onClass("com.google.common.collect.Streams").named("stream").withArity(1),
                    "java.util.stream.Stream"),
            // Spring Data Redis' template hands out the operations object of each data structure.
            redisOperations("opsForValue", "ValueOperations"), redisOperations("opsForHash", "HashOperations"),
            redisOperations("opsForList", "ListOperations"), redisOperations("opsForSet", "SetOperations"),
            redisOperations("opsForZSet", "ZSetOperations"),
            // Jersey 1's client builds a request fluently: client.resource(uri).path(..).accept(..).get(..), so that
            // the HTTP method at the end of the chain is known.
            new Factory(instanceMethod().onClass(JERSEY + "Client").named("resource").withArity(1),
                    JERSEY + "WebResource"),
            new Factory(instanceMethod().onClass(JERSEY + "WebResource").named("path", "queryParam", "queryParams",
                    "uri"), JERSEY + "WebResource"),
            new Factory(instanceMethod().onClass(JERSEY + "WebResource", JERSEY + "WebResource$Builder").named("accept",
                    "type", "header", "entity", "cookie", "acceptLanguage"), JERSEY + "WebResource$Builder"),
            // OkHttp's client.newCall(request) prepares a Call, so that the execute() ending the chain is known.
            new Factory(instanceMethod().onClass("okhttp3.OkHttpClient").named("newCall").withArity(1),
                    "okhttp3.Call"),
            // The MongoDB driver: a database hands out its collections, a collection's find(..) describes a query
            // (a FindIterable, refined by sort/limit/..), so that the first()/into(..) running it is known.
            new Factory(instanceMethod().onClass(MONGO + "MongoDatabase").named("getCollection"),
                    MONGO + "MongoCollection"),
            new Factory(instanceMethod().onClass(MONGO + "MongoCollection").named("find"), MONGO + "FindIterable"),
            new Factory(instanceMethod().onClass(MONGO + "MongoCollection").named("aggregate"),
                    MONGO + "AggregateIterable"),
            new Factory(instanceMethod().onClass(MONGO + "MongoCollection").named("distinct"),
                    MONGO + "DistinctIterable"),
            new Factory(instanceMethod().onClass(MONGO + "FindIterable").named("filter", "sort", "limit", "skip",
                    "projection", "batchSize", "maxTime", "hint", "collation", "comment", "noCursorTimeout",
                    "allowDiskUse"), MONGO + "FindIterable"),
            // The GitHub API client describes a query with a builder whose list() makes a paged iterable, so that
            // the toList() fetching its pages is known.
            new Factory(instanceMethod().onClass(KOHSUKE + "GHRepository").named("queryIssues").withArity(0),
                    ISSUE_QUERY),
            new Factory(instanceMethod().onClass(KOHSUKE + "GHRepository").named("queryPullRequests").withArity(0),
                    KOHSUKE + "GHPullRequestQueryBuilder"),
            new Factory(instanceMethod().onClass(ISSUE_QUERY, KOHSUKE + "GHIssueQueryBuilder.ForRepository")
                    .named("pageSize", "state", "milestone", "assignee", "creator", "mentioned", "label", "since",
                            "sort", "direction", "pulls"), ISSUE_QUERY),
            new Factory(instanceMethod().onClass(KOHSUKE + "GHPullRequestQueryBuilder").named("pageSize", "state",
                    "head", "base", "sort", "direction"), KOHSUKE + "GHPullRequestQueryBuilder"),
            new Factory(instanceMethod().onClass(ISSUE_QUERY, KOHSUKE + "GHIssueQueryBuilder.ForRepository",
                    KOHSUKE + "GHPullRequestQueryBuilder").named("list").withArity(0), KOHSUKE + "PagedIterable"),
            new Factory(instanceMethod().onClass(KOHSUKE + "PagedIterable").named("withPageSize").withArity(1),
                    KOHSUKE + "PagedIterable"),
            // Incendo cloud's execution coordinator is made by a builder, so that the executor it is given is known.
            new Factory(staticMethod().onClass("org.incendo.cloud.execution.ExecutionCoordinator").named("builder")
                    .withArity(0), LibraryExecutors.CLOUD_BUILDER[0]),
            new Factory(instanceMethod().onClass(LibraryExecutors.CLOUD_BUILDER).named("executor", "parsingExecutor",
                    "suggestionsExecutor", "executionSchedulingExecutor", "commonPoolExecutor", "synchronizeExecution"),
                    LibraryExecutors.CLOUD_BUILDER[0]),
            // Confluent's schema-registry REST client lists subjects and versions as JDK lists, so that a pipeline
            // over them (getAllVersions(subject).parallelStream()) is known.
            new Factory(instanceMethod().onClass("io.confluent.kafka.schemaregistry.client.rest.RestService")
                    .named("getAllVersions", "getAllSubjects", "getAllContexts"), "java.util.List"),
            // Jedis' pools lend a Jedis connection, Lettuce's connections hand out their synchronous commands, and a
            // Kafka producer's send(..) returns a Future of the record's metadata, so that the commands called on
            // them, and the get() that waits for the broker's answer, are known.
            new Factory(instanceMethod().onClass("redis.clients.jedis.JedisPool", "redis.clients.jedis.JedisSentinelPool",
                    "redis.clients.jedis.util.Pool", "redis.clients.util.Pool").named("getResource").withArity(0),
                    "redis.clients.jedis.Jedis"),
            new Factory(instanceMethod().onClass("io.lettuce.core.api.StatefulRedisConnection").named("sync")
                    .withArity(0), "io.lettuce.core.api.sync.RedisCommands"),
            new Factory(instanceMethod().onClass("io.lettuce.core.cluster.api.StatefulRedisClusterConnection")
                    .named("sync").withArity(0), "io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands"),
            new Factory(instanceMethod().onClass("org.apache.kafka.clients.producer.Producer",
                    "org.apache.kafka.clients.producer.KafkaProducer").named("send"), "java.util.concurrent.Future"),
            // A JSR-356 websocket session's blocking endpoint, so that its send calls are known.
            new Factory(instanceMethod().onClass("javax.websocket.Session").named("getBasicRemote").withArity(0),
                    "javax.websocket.RemoteEndpoint$Basic"),
            new Factory(instanceMethod().onClass("jakarta.websocket.Session").named("getBasicRemote").withArity(0),
                    "jakarta.websocket.RemoteEndpoint$Basic"));

    private static Factory redisOperations(String getter, String operations) {
        return new Factory(instanceMethod().onClass("org.springframework.data.redis.core.RedisTemplate",
                "org.springframework.data.redis.core.StringRedisTemplate",
                "org.springframework.data.redis.core.RedisOperations").named(getter).withArity(0),
                "org.springframework.data.redis.core." + operations);
    }

    private LibraryFactories() {
    }

    /** The JDK's collectors whose result type does not depend on the stream's: what {@code collect(..)} returns. */
    private static final List<Factory> COLLECTORS = List.of(
            new Factory(staticMethod().onClass(COLLECTORS_CLASS).named("toList", "toUnmodifiableList"), "java.util.List"),
            new Factory(staticMethod().onClass(COLLECTORS_CLASS).named("toSet", "toUnmodifiableSet"), "java.util.Set"),
            new Factory(staticMethod().onClass(COLLECTORS_CLASS).named("toMap", "toUnmodifiableMap", "groupingBy",
                    "partitioningBy"), "java.util.Map"),
            new Factory(staticMethod().onClass(COLLECTORS_CLASS).named("toConcurrentMap", "groupingByConcurrent"),
                    "java.util.concurrent.ConcurrentMap"));

    /**
     * The JDK type the factory {@code call} returns, or {@code null} when it is none of the table's. A stream's
     * {@code collect(..)} JDT could not type (its elements come from a missing jar) has its collector's type:
     * {@code Collectors.toList()} a {@code List}, {@code Collectors.toCollection(ArrayList::new)} an {@code ArrayList}.
     */
    static CtTypeReference<?> typeOf(CtInvocation<?> call) {
        for (Factory factory : TABLE) {
            if (factory.matcher().matchesExactly(call)) {
                return call.getFactory().Type().createReference(factory.returns());
            }
        }
        if (call.getExecutable() == null || !call.getExecutable().getSimpleName().equals("collect")
                || call.getArguments().size() != 1 || !(call.getArguments().get(0) instanceof CtInvocation<?> collector)) {
            return null;
        }
        for (Factory factory : COLLECTORS) {
            if (factory.matcher().matchesExactly(collector)) {
                return call.getFactory().Type().createReference(factory.returns());
            }
        }
        return TO_COLLECTION.matchesExactly(collector)
                && collector.getArguments().get(0) instanceof CtExecutableReferenceExpression<?, ?> made
                && made.getExecutable() != null && made.getExecutable().isConstructor()
                ? made.getExecutable().getDeclaringType() : null;
    }

    private static final MethodMatcher TO_COLLECTION = staticMethod().onClass(COLLECTORS_CLASS).named("toCollection")
            .withArity(1);
}
