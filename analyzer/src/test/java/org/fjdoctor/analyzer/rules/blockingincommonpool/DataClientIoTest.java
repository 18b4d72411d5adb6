package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Data-access and client libraries whose calls wait for a server or the disk (matched by name: their jars are
 * absent here): MyBatis-Plus mappers, Elasticsearch's high-level REST client, LevelDB and Jersey 1's client. Their
 * look-alikes that only build a request or a query stay silent.
 */
class DataClientIoTest {

    private static void check(String body) {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/PageMapper.java", """
                        package p;
                        import java.util.List;
                        import com.baomidou.mybatisplus.core.mapper.BaseMapper;
                        interface PageMapper extends BaseMapper<String> {
                            List<String> findAllByDt(String dt);
                        }
                        """)
                .source("p/Service.java", """
                        package p;
                        import java.util.List;
                        import com.baomidou.mybatisplus.core.conditions.query.QueryWrapper;
                        import com.sun.jersey.api.client.WebResource;
                        import org.elasticsearch.action.search.SearchRequest;
                        import org.elasticsearch.client.RequestOptions;
                        import org.elasticsearch.client.RestHighLevelClient;
                        import org.iq80.leveldb.DB;
                        class Service {
                            private final PageMapper pages;
                            private final RestHighLevelClient client;
                            private final DB db;
                            private final WebResource resource;
                            Service(PageMapper pages, RestHighLevelClient client, DB db, WebResource resource) {
                                this.pages = pages;
                                this.client = client;
                                this.db = db;
                                this.resource = resource;
                            }
                        BODY
                        }
                        """.replace("BODY", body))
                .check();
    }

    @Test
    void aMapperQueryIsADatabaseRoundTrip() {
        check("""
                    long count(List<String> dts) {
                        return dts.parallelStream().mapToLong(dt -> pages.findAllByDt(dt).size()).sum(); // expect: blocking-in-common-pool
                    }
                    long inherited(List<String> dts) {
                        return dts.parallelStream().mapToLong(dt -> pages.selectCount(new QueryWrapper<>())).sum(); // expect: blocking-in-common-pool
                    }
                """);
    }

    @Test
    void aQueryWrapperAloneIsNoRoundTrip() {
        check("""
                    long wrappers(List<String> dts) {
                        return dts.parallelStream().map(dt -> new QueryWrapper<String>().eq("dt", dt)).count();
                    }
                """);
    }

    @Test
    void searchesDatabaseReadsAndHttpCallsWait() throws Exception {
        check("""
                    long hits(List<String> indices) {
                        return indices.parallelStream().mapToLong(i -> { // expect: blocking-in-common-pool
                            try {
                                return client.search(new SearchRequest(i), RequestOptions.DEFAULT).getHits().getHits().length;
                            } catch (Exception e) {
                                return 0;
                            }
                        }).sum();
                    }
                    long stored(List<byte[]> keys) {
                        return keys.parallelStream().filter(k -> db.get(k) != null).count(); // expect: blocking-in-common-pool
                    }
                    long fetched(List<String> paths) {
                        return paths.parallelStream().map(p -> resource.path(p).accept("application/json").get(String.class)).count(); // expect: blocking-in-common-pool
                    }
                """);
    }

    @Test
    void buildingARequestIsNoWait() {
        check("""
                    long requests(List<String> paths) {
                        return paths.parallelStream().map(p -> resource.path(p).accept("application/json")).count();
                    }
                """);
    }
}
