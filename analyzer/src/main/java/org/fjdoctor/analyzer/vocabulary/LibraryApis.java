package org.fjdoctor.analyzer.vocabulary;

import static org.fjdoctor.analyzer.vocabulary.Apis.blocks;
import static org.fjdoctor.analyzer.vocabulary.Apis.io;
import static org.fjdoctor.analyzer.vocabulary.Apis.sleeps;
import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.instanceMethod;
import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.staticMethod;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Apis.Api;

/**
 * The API table's entries for libraries outside the JDK ({@link Apis#TABLE} reads them after the JDK's): clients of
 * databases, HTTP services and message brokers whose calls wait on the calling thread. Their jars are usually absent
 * when a project is scanned, so every owner is a qualified name that matches the receiver's declared type as written
 * in the sources (and {@link LibraryFactories} types the chains that start at a known factory).
 */
final class LibraryApis {

    /** Spring Data's repository interfaces, the marker and the common ones a project interface extends. */
    private static final String[] SPRING_DATA_REPOSITORIES = {"org.springframework.data.repository.Repository",
        "org.springframework.data.repository.CrudRepository", "org.springframework.data.repository.ListCrudRepository",
        "org.springframework.data.repository.PagingAndSortingRepository",
        "org.springframework.data.repository.ListPagingAndSortingRepository",
        "org.springframework.data.repository.query.QueryByExampleExecutor",
        "org.springframework.data.jpa.repository.JpaRepository",
        "org.springframework.data.jpa.repository.JpaSpecificationExecutor",
        "org.springframework.data.mongodb.repository.MongoRepository",
        "org.springframework.data.elasticsearch.repository.ElasticsearchRepository"};

    private static final Set<String> REACTIVE_REPOSITORIES = Set.of(
            "org.springframework.data.repository.reactive.ReactiveCrudRepository",
            "org.springframework.data.repository.reactive.ReactiveSortingRepository",
            "org.springframework.data.repository.reactive.RxJava3CrudRepository",
            "org.springframework.data.repository.reactive.RxJava3SortingRepository",
            "org.springframework.data.repository.kotlin.CoroutineCrudRepository",
            "org.springframework.data.mongodb.repository.ReactiveMongoRepository");

    /** Spring Data Redis' template and the operations objects it hands out ({@code opsForValue()}, ..). */
    private static final String[] REDIS_OPERATIONS = {"org.springframework.data.redis.core.RedisOperations",
        "org.springframework.data.redis.core.RedisTemplate", "org.springframework.data.redis.core.StringRedisTemplate",
        "org.springframework.data.redis.core.ValueOperations", "org.springframework.data.redis.core.HashOperations",
        "org.springframework.data.redis.core.ListOperations", "org.springframework.data.redis.core.SetOperations",
        "org.springframework.data.redis.core.ZSetOperations"};

    private static final String MONGO = "com.mongodb.client.";
    /**
     * The MongoDB driver's lazy iterables: find(..) returns a {@code FindIterable}, aggregate(..) an
     * {@code AggregateIterable}; each is a {@code MongoIterable}, which only the driver's jar would tell.
     */
    private static final String[] MONGO_ITERABLES = {MONGO + "MongoIterable", MONGO + "FindIterable",
        MONGO + "AggregateIterable", MONGO + "DistinctIterable", MONGO + "ListIndexesIterable",
        MONGO + "ListCollectionsIterable", MONGO + "ListDatabasesIterable", MONGO + "MapReduceIterable"};
    private static final String COUCHBASE = "com.couchbase.client.java.";
    private static final String HADOOP_FS = "org.apache.hadoop.fs.";
    private static final String KOHSUKE = "org.kohsuke.github.";
    /** JSR-356's blocking remote endpoint, in the old and the new namespace, by binary and by source name. */
    private static final String[] BASIC_REMOTES = {"javax.websocket.RemoteEndpoint$Basic",
        "javax.websocket.RemoteEndpoint.Basic", "jakarta.websocket.RemoteEndpoint$Basic",
        "jakarta.websocket.RemoteEndpoint.Basic"};

    static final List<Api> TABLE = List.of(
            // Futures and publishers of widely used libraries (matched by name when their jar is absent): each
            // documented to wait for the result on the calling thread.
            blocks(instanceMethod().onDescendantOf("org.apache.ignite.lang.IgniteFuture").named("get"), "IgniteFuture.get"),
            blocks(instanceMethod().onDescendantOf("reactor.core.publisher.Mono").named("block", "blockOptional"),
                    "Mono.block"),
            blocks(instanceMethod().onDescendantOf("reactor.core.publisher.Flux").named("blockFirst", "blockLast"),
                    "Flux.blockFirst/blockLast"),
            // Widely used blocking HTTP clients outside the JDK (matched by name when their jar is absent).
            io(instanceMethod().onDescendantOf("org.jsoup.Connection").named("get", "post", "execute"),
                    "Jsoup HTTP request"),
            io(instanceMethod().onDescendantOf("okhttp3.Call").named("execute"), "OkHttp Call.execute"),
            // The closeable clients by their own class too: what HttpClients.createDefault() is declared as, and
            // without the jar not known to implement HttpClient.
            io(instanceMethod().onDescendantOf("org.apache.http.client.HttpClient",
                    "org.apache.hc.client5.http.classic.HttpClient", "org.apache.http.impl.client.CloseableHttpClient",
                    "org.apache.hc.client5.http.impl.classic.CloseableHttpClient").named("execute"),
                    "Apache HttpClient.execute"),
            io(instanceMethod().onDescendantOf("org.springframework.web.client.RestOperations",
                    "org.springframework.web.client.RestTemplate").named("getForObject", "getForEntity", "headForHeaders",
                    "postForLocation", "postForObject", "postForEntity", "put", "patchForObject", "delete",
                    "optionsForAllow", "exchange", "execute"), "RestTemplate request"),
            // Spring MVC's streaming responses write each event to the client's connection on the caller's thread.
            io(instanceMethod().onDescendantOf("org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter",
                    "org.springframework.web.servlet.mvc.method.annotation.SseEmitter").named("send"), "SseEmitter.send"),
            // Kafka's consumer calls that wait for the brokers (poll up to its timeout, the synchronous offset calls)
            // and the producer's flush, which waits until every buffered record is sent.
            io(instanceMethod().onDescendantOf("org.apache.kafka.clients.consumer.Consumer",
                    "org.apache.kafka.clients.consumer.KafkaConsumer").named("poll", "commitSync", "committed",
                    "position", "beginningOffsets", "endOffsets", "offsetsForTimes", "partitionsFor", "listTopics"),
                    "KafkaConsumer.poll"),
            io(instanceMethod().onDescendantOf("org.apache.kafka.clients.producer.Producer",
                    "org.apache.kafka.clients.producer.KafkaProducer").named("flush"), "KafkaProducer.flush"),
            // Redis clients' synchronous commands: every method is a round trip to the server.
            io(instanceMethod().onDescendantOf("redis.clients.jedis.Jedis", "redis.clients.jedis.JedisCluster",
                    "redis.clients.jedis.UnifiedJedis", "redis.clients.jedis.JedisPooled",
                    "io.lettuce.core.api.sync.RedisCommands",
                    "io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands"), "Redis command"),
            // Spring Data Redis: each command of a template's operations is a round trip on the calling thread
            // (opsForValue() and its twins only return the operations object).
            io(instanceMethod().onDescendantOf(REDIS_OPERATIONS).named("get", "set", "setIfAbsent", "setIfPresent",
                    "multiGet", "multiSet", "getAndSet", "getAndDelete", "getAndExpire", "increment", "decrement",
                    "append", "put", "putAll", "putIfAbsent", "delete", "hasKey", "keys", "values", "entries", "size",
                    "leftPush", "rightPush", "leftPop", "rightPop", "range", "index", "remove", "trim", "add", "pop",
                    "members", "isMember", "score", "rank", "expire", "execute", "executePipelined", "convertAndSend",
                    "unlink", "getExpire", "persist", "rename"), "Spring Data Redis command"),
            // Spring Data MongoDB's template: each query or write is a round trip on the calling thread.
            io(instanceMethod().onDescendantOf("org.springframework.data.mongodb.core.MongoOperations",
                    "org.springframework.data.mongodb.core.MongoTemplate").named("find", "findOne", "findAll", "findById",
                    "findAndModify", "findAndRemove", "findAllAndRemove", "findAndReplace", "findDistinct", "insert",
                    "insertAll", "save", "remove", "updateFirst", "updateMulti", "upsert", "replace", "count",
                    "estimatedCount", "exactCount", "exists", "aggregate", "aggregateStream", "stream", "execute",
                    "executeCommand", "mapReduce", "geoNear", "createCollection", "dropCollection", "collectionExists"),
                    "MongoTemplate query"),
            // Data-access layers over JDBC (matched by name when their jar is absent): each query method runs
            // its statement on the calling thread. A reactive repository only assembles a publisher.
            io(instanceMethod().onDescendantOf(SPRING_DATA_REPOSITORIES).exceptOnDescendantOfAny(REACTIVE_REPOSITORIES),
                    "Spring Data repository query"),
            io(instanceMethod().onDescendantOf("org.springframework.jdbc.core.JdbcOperations",
                    "org.springframework.jdbc.core.JdbcTemplate",
                    "org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations",
                    "org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate")
                    .named("query", "queryForObject", "queryForList", "queryForMap", "queryForRowSet", "queryForStream",
                            "update", "batchUpdate", "execute", "call"), "JdbcTemplate query"),
            // MyBatis-Plus mappers: every BaseMapper method, and every method a project's mapper interface declares
            // over it, runs its SQL statement on the calling thread.
            io(instanceMethod().onDescendantOf("com.baomidou.mybatisplus.core.mapper.BaseMapper",
                    "com.github.yulichang.base.MPJBaseMapper" /* mybatis-plus-join's, over BaseMapper */),
                    "MyBatis-Plus mapper query"),
            // MyBatis implements every abstract method of a mapper interface with a proxy that runs the method's
            // SQL statement (from its annotation or the mapper XML) on the calling thread: a @Mapper interface's
            // methods, and any method annotated with a statement (a default method's body is followed instead).
            io(instanceMethod().onTypeAnnotatedWith("org.apache.ibatis.annotations.Mapper"), "MyBatis mapper query"),
            io(instanceMethod().annotatedWith("org.apache.ibatis.annotations.Select", "org.apache.ibatis.annotations.Insert",
                    "org.apache.ibatis.annotations.Update", "org.apache.ibatis.annotations.Delete",
                    "org.apache.ibatis.annotations.SelectProvider", "org.apache.ibatis.annotations.InsertProvider",
                    "org.apache.ibatis.annotations.UpdateProvider", "org.apache.ibatis.annotations.DeleteProvider"),
                    "MyBatis mapper query"),
            // Elasticsearch's high-level REST client: its synchronous requests wait for the cluster's answer (the
            // *Async variants take a listener and return at once).
            io(instanceMethod().onDescendantOf("org.elasticsearch.client.RestHighLevelClient").named("search", "index",
                    "get", "mget", "bulk", "update", "delete", "exists", "count", "msearch", "scroll", "clearScroll",
                    "deleteByQuery", "updateByQuery", "reindex", "ping", "info"), "Elasticsearch request"),
            // LevelDB (iq80's port and leveldbjni both implement org.iq80.leveldb.DB): reads and writes go to the
            // database files on the calling thread.
            io(instanceMethod().onDescendantOf("org.iq80.leveldb.DB").named("get", "put", "write", "delete"),
                    "LevelDB read or write"),
            // Jersey 1's client: a resource's or its builder's HTTP methods send the request and wait for the answer.
            io(instanceMethod().onDescendantOf("com.sun.jersey.api.client.UniformInterface",
                    "com.sun.jersey.api.client.WebResource", "com.sun.jersey.api.client.WebResource$Builder",
                    "com.sun.jersey.api.client.WebResource.Builder" /* as named when Jersey is absent */).named("get", "post", "put", "delete", "head",
                    "options", "method"), "Jersey client request"),
            io(instanceMethod().onDescendantOf("javax.persistence.EntityManager", "jakarta.persistence.EntityManager")
                    .named("find", "persist", "merge", "remove", "refresh", "flush", "lock"), "EntityManager I/O"),
            io(instanceMethod().onDescendantOf("javax.persistence.Query", "javax.persistence.TypedQuery",
                    "jakarta.persistence.Query", "jakarta.persistence.TypedQuery")
                    .named("getResultList", "getSingleResult", "getResultStream", "executeUpdate"), "JPA query"),
            // The synchronous MongoDB driver: a collection's reads and writes are round trips to the server. find(..),
            // aggregate(..) and distinct(..) only describe a query (a lazy iterable); the iterable's first(), into(..),
            // forEach(..), iterator() and cursor() run it.
            io(instanceMethod().onDescendantOf(MONGO + "MongoCollection").named("insertOne", "insertMany", "replaceOne",
                    "updateOne", "updateMany", "deleteOne", "deleteMany", "bulkWrite", "countDocuments",
                    "estimatedDocumentCount", "count", "findOneAndUpdate", "findOneAndReplace", "findOneAndDelete",
                    "createIndex", "createIndexes", "dropIndex", "dropIndexes", "drop", "renameCollection"),
                    "MongoDB collection I/O"),
            io(instanceMethod().onDescendantOf(MONGO_ITERABLES).named("first", "into", "forEach", "iterator", "cursor"),
                    "MongoDB query"),
            io(instanceMethod().onDescendantOf(MONGO + "MongoDatabase").named("runCommand", "createCollection", "drop"),
                    "MongoDB command"),
            // Couchbase's synchronous SDKs (2.x Bucket, 3.x Collection, Cluster and Scope queries): each key-value
            // operation or query waits for the cluster's answer. async()/reactive() and the collection getters
            // only hand out other views.
            io(instanceMethod().onDescendantOf(COUCHBASE + "Bucket", COUCHBASE + "Collection").named("get", "getAndLock",
                    "getAndTouch", "getFromReplica", "getAnyReplica", "getAllReplicas", "insert", "upsert", "replace",
                    "remove", "exists", "touch", "unlock", "counter", "append", "prepend", "lookupIn", "mutateIn",
                    "query", "analyticsQuery", "searchQuery", "viewQuery"), "Couchbase request"),
            io(instanceMethod().onDescendantOf(COUCHBASE + "Cluster", COUCHBASE + "Scope").named("query",
                    "analyticsQuery", "searchQuery"), "Couchbase query"),
            // Feign implements a client interface with a proxy whose every method sends an HTTP request and waits for
            // the answer: a method annotated @RequestLine, and the methods of a Spring Cloud @FeignClient interface
            // (a default method's body is followed instead). Feign.builder() and its steps only configure the proxy.
            io(instanceMethod().annotatedWith("feign.RequestLine"), "Feign client request"),
            io(instanceMethod().onTypeAnnotatedWith("org.springframework.cloud.openfeign.FeignClient",
                    "org.springframework.cloud.netflix.feign.FeignClient"), "Feign client request"),
            // Guava's RateLimiter.acquire() sleeps until a permit is due (tryAcquire without a timeout does not).
            sleeps(instanceMethod().onDescendantOf("com.google.common.util.concurrent.RateLimiter").named("acquire"),
                    "RateLimiter.acquire"),
            // Apache commons-pool: borrowing from an exhausted pool waits (blockWhenExhausted is the default, maxWait
            // unbounded) until another thread returns an object.
            blocks(instanceMethod().onDescendantOf("org.apache.commons.pool2.ObjectPool",
                    "org.apache.commons.pool2.KeyedObjectPool", "org.apache.commons.pool2.impl.GenericObjectPool",
                    "org.apache.commons.pool2.impl.GenericKeyedObjectPool", "org.apache.commons.pool.ObjectPool",
                    "org.apache.commons.pool.KeyedObjectPool").named("borrowObject"), "ObjectPool.borrowObject"),
            // Hadoop's file system client: each call is a round trip to the name node or a data node (HDFS, S3A, ..),
            // and its data streams read and write over the network on the calling thread.
            io(instanceMethod().onDescendantOf(HADOOP_FS + "FileSystem").named("create", "createNewFile", "open",
                    "append", "delete", "deleteOnExit", "exists", "isFile", "isDirectory", "mkdirs", "rename",
                    "listStatus", "listFiles", "listLocatedStatus", "globStatus", "getFileStatus", "getContentSummary",
                    "copyFromLocalFile", "copyToLocalFile", "moveFromLocalFile", "moveToLocalFile", "setPermission",
                    "setOwner", "setTimes", "setReplication", "truncate", "concat"), "Hadoop FileSystem I/O"),
            io(instanceMethod().onDescendantOf(HADOOP_FS + "FSDataInputStream").named("read", "readFully", "readInt",
                    "readLong", "readByte", "readShort", "readDouble", "readFloat", "readBoolean", "readUTF", "seek",
                    "skip", "readVectored"), "Hadoop stream read"),
            io(instanceMethod().onDescendantOf(HADOOP_FS + "FSDataOutputStream").named("write", "writeInt",
                    "writeLong", "writeByte", "writeShort", "writeDouble", "writeFloat", "writeBoolean", "writeUTF",
                    "writeBytes", "writeChars", "flush", "hflush", "hsync"), "Hadoop stream write"),
            // The GitHub API client (org.kohsuke.github): each of these sends a request to GitHub and waits for the
            // answer; a paged iterable's toList/toArray/toSet fetch every page. Getters of a fetched object
            // (getTitle(), getNumber()) only read its fields.
            io(instanceMethod().onDescendantOf(KOHSUKE + "GitHub").named("getRepository", "getRepositoryById",
                    "getUser", "getMyself", "getOrganization", "getOrganizations", "getGist", "getRateLimit",
                    "checkApiUrlValidity", "isCredentialValid"), "GitHub API request"),
            io(instanceMethod().onDescendantOf(KOHSUKE + "GHRepository").named("getIssue", "getIssues",
                    "getPullRequest", "getPullRequests", "getFileContent", "getDirectoryContent", "getBranch",
                    "getBranches", "getCommit", "getLabel", "getReleases", "getLatestRelease", "getRef", "getRefs",
                    "delete"), "GitHub API request"),
            io(instanceMethod().onDescendantOf(KOHSUKE + "GHIssue", KOHSUKE + "GHPullRequest").named("comment",
                    "close", "reopen", "setTitle", "setBody", "addLabels", "removeLabels", "setLabels", "getComments",
                    "lock", "unlock", "assignTo", "addAssignees", "removeAssignees", "merge"), "GitHub API request"),
            io(instanceMethod().onDescendantOf(KOHSUKE + "GHIssueBuilder", KOHSUKE + "GHGistBuilder",
                    KOHSUKE + "GHCreateRepositoryBuilder").named("create"),
                    "GitHub API request"),
            io(instanceMethod().onDescendantOf(KOHSUKE + "PagedIterable").named("toList", "toArray", "toSet"),
                    "GitHub API paged request"),
            // A JSR-356 websocket's blocking endpoint: each send waits until the message is written to the peer.
            io(instanceMethod().onDescendantOf(BASIC_REMOTES).named("sendText", "sendBinary", "sendObject", "sendPing",
                    "sendPong", "flushBatch"), "websocket send"));

    private LibraryApis() {
    }
}
