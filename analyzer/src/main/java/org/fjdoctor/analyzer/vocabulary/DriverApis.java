package org.fjdoctor.analyzer.vocabulary;

import static org.fjdoctor.analyzer.vocabulary.Apis.io;
import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.instanceMethod;

import java.util.List;

import org.fjdoctor.analyzer.vocabulary.Apis.Api;

/**
 * The API table's entries for database drivers, connection pools and container runtimes ({@link Apis#TABLE} reads
 * them after {@link LibraryApis}'): graph and search databases, Redis pools, JDBC pools, JDBI, Testcontainers. Their
 * jars are usually absent when a project is scanned, so a type's place in its library's hierarchy cannot be proven
 * (a {@code HikariDataSource} is a {@code javax.sql.DataSource} only to whoever reads Hikari's jar): each entry names
 * the concrete classes that code declares its variables with, besides the interface.
 */
final class DriverApis {

    private static final String NEO4J = "org.neo4j.graphdb.";
    private static final String NEO4J_DRIVER = "org.neo4j.driver.";
    private static final String CONTAINERS = "org.testcontainers.containers.";
    /** Testcontainers' container classes: the base class and the modules' subclasses a project extends or uses. */
    private static final String[] TESTCONTAINERS = {CONTAINERS + "GenericContainer", CONTAINERS + "ContainerState",
        "org.testcontainers.lifecycle.Startable", CONTAINERS + "DockerComposeContainer",
        CONTAINERS + "ComposeContainer", CONTAINERS + "JdbcDatabaseContainer", CONTAINERS + "Neo4jContainer",
        CONTAINERS + "PostgreSQLContainer", CONTAINERS + "MySQLContainer", CONTAINERS + "MariaDBContainer",
        CONTAINERS + "OracleContainer", CONTAINERS + "MSSQLServerContainer", CONTAINERS + "KafkaContainer",
        CONTAINERS + "MongoDBContainer", CONTAINERS + "RabbitMQContainer", CONTAINERS + "CassandraContainer",
        CONTAINERS + "localstack.LocalStackContainer", "org.testcontainers.elasticsearch.ElasticsearchContainer",
        "org.testcontainers.kafka.KafkaContainer", "org.testcontainers.postgresql.PostgreSQLContainer"};
    /**
     * JDBC connection pools by their own class: getConnection() hands out an idle connection or waits for one (up to
     * the pool's timeout), opening a new one to the database where the pool may grow.
     */
    private static final String[] JDBC_POOLS = {"com.zaxxer.hikari.HikariDataSource",
        "org.apache.commons.dbcp2.BasicDataSource", "org.apache.commons.dbcp.BasicDataSource",
        "com.mchange.v2.c3p0.ComboPooledDataSource", "com.alibaba.druid.pool.DruidDataSource",
        "org.apache.tomcat.jdbc.pool.DataSource", "org.apache.tomcat.jdbc.pool.DataSourceProxy"};
    /** Jedis' pools (and their base class, in the old and the new package): getResource() borrows a connection. */
    private static final String[] JEDIS_POOLS = {"redis.clients.jedis.JedisPool", "redis.clients.jedis.JedisSentinelPool",
        "redis.clients.jedis.util.Pool", "redis.clients.util.Pool", "redis.clients.jedis.ShardedJedisPool"};
    private static final String OPENSEARCH = "org.opensearch.client.";

    static final List<Api> TABLE = List.of(
            // Neo4j's embedded API: a transaction's query and commit run in the database on the calling thread
            // (store and index reads through the page cache, lock waits, the transaction log written on commit);
            // beginTx() waits until the database is available.
            io(instanceMethod().onDescendantOf(NEO4J + "Transaction").named("execute", "commit"), "Neo4j query"),
            io(instanceMethod().onDescendantOf(NEO4J + "GraphDatabaseService").named("beginTx",
                    "executeTransactionally"), "Neo4j transaction"),
            // The page cache: a cursor's next() pins the next page, reading it from disk on a page fault; flushing
            // a paged file writes its dirty pages. Opening a cursor (io(..)) only sets it up.
            io(instanceMethod().onDescendantOf("org.neo4j.io.pagecache.PageCursor").named("next"),
                    "Neo4j page cache read"),
            io(instanceMethod().onDescendantOf("org.neo4j.io.pagecache.PagedFile").named("flushAndForce"),
                    "Neo4j page cache flush"),
            // The Neo4j Java driver's synchronous API: each query or transaction is a round trip to the server.
            io(instanceMethod().onDescendantOf(NEO4J_DRIVER + "QueryRunner", NEO4J_DRIVER + "Session",
                    NEO4J_DRIVER + "Transaction").named("run", "commit", "rollback", "executeRead", "executeWrite",
                    "readTransaction", "writeTransaction", "beginTransaction", "executeReadWithoutResult",
                    "executeWriteWithoutResult"), "Neo4j driver query"),
            io(instanceMethod().onDescendantOf(NEO4J_DRIVER + "Driver").named("verifyConnectivity"),
                    "Neo4j driver query"),
            // Testcontainers: starting a container pulls its image and waits until it is ready, stopping it waits
            // for Docker; a command run in it waits for its end.
            io(instanceMethod().onDescendantOf(TESTCONTAINERS).named("start", "stop", "execInContainer",
                    "copyFileToContainer", "copyFileFromContainer"), "Testcontainers container start"),
            // A JDBC pool's connection (the JDK's DataSource entry reaches them only where the pool's jar is read).
            io(instanceMethod().onDescendantOf(JDBC_POOLS).named("getConnection"), "connection pool getConnection"),
            // Jedis' pools: getResource() borrows a connection from its commons-pool, waiting when all are out, and
            // opens a new one to the server where the pool may grow.
            io(instanceMethod().onDescendantOf(JEDIS_POOLS).named("getResource"), "JedisPool.getResource"),
            // JDBI: a handle is a connection from the data source; withHandle(..) and its twins open one, run the
            // callback's statements and close it, all on the calling thread.
            io(instanceMethod().onDescendantOf("org.jdbi.v3.core.Jdbi").named("open", "withHandle", "useHandle",
                    "inTransaction", "useTransaction", "withExtension", "useExtension"), "JDBI statement"),
            io(instanceMethod().onDescendantOf("org.jdbi.v3.core.Handle").named("execute", "commit"), "JDBI statement"),
            // OpenSearch's clients (the Elasticsearch ones forked): synchronous requests to the cluster.
            io(instanceMethod().onDescendantOf(OPENSEARCH + "RestHighLevelClient").named("search", "index", "get",
                    "mget", "bulk", "update", "delete", "exists", "count", "msearch", "scroll", "clearScroll",
                    "deleteByQuery", "updateByQuery", "reindex", "ping", "info"), "OpenSearch request"),
            io(instanceMethod().onDescendantOf(OPENSEARCH + "opensearch.OpenSearchClient").named("search", "index",
                    "get", "mget", "bulk", "update", "delete", "exists", "count", "msearch", "scroll", "clearScroll",
                    "deleteByQuery", "updateByQuery", "reindex", "ping", "info", "create"), "OpenSearch request"),
            io(instanceMethod().onDescendantOf(OPENSEARCH + "RestClient").named("performRequest"), "OpenSearch request"));

    private DriverApis() {
    }
}
