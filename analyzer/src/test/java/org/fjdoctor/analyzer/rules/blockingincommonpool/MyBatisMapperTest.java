package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * MyBatis mapper interfaces (their jars absent here, so matched by the annotations' and the base mapper's resolved
 * names): MyBatis implements every abstract method of a mapper with a proxy that runs its SQL statement, so a call
 * on a {@code @Mapper} interface, or of a method annotated {@code @Select}/{@code @Insert}/{@code @Update}/
 * {@code @Delete}, waits for the database. A default method of a MyBatis-Plus mapper is followed into its body,
 * where it calls the inherited {@code BaseMapper} methods on itself. MapStruct's {@code @Mapper} (same simple name)
 * converts objects in memory and stays silent.
 */
class MyBatisMapperTest {

    private static void check(String mapper, String body) {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/PageMapper.java", mapper)
                .source("p/Service.java", """
                        package p;
                        import java.util.List;
                        class Service {
                            private final PageMapper pages;
                            Service(PageMapper pages) {
                                this.pages = pages;
                            }
                        BODY
                        }
                        """.replace("BODY", body))
                .check();
    }

    private static final String COUNT = """
                long count(List<String> dts) {
                    return dts.parallelStream().mapToLong(dt -> pages.findAllByDt(dt).size()).sum(); // expect: blocking-in-common-pool
                }
            """;

    private static final String SILENT_COUNT = """
                long count(List<String> dts) {
                    return dts.parallelStream().mapToLong(dt -> pages.findAllByDt(dt).size()).sum();
                }
            """;

    @Test
    void aCallOnAnAnnotatedMapperIsADatabaseRoundTrip() {
        check("""
                package p;
                import java.util.List;
                import org.apache.ibatis.annotations.Mapper;
                @Mapper
                interface PageMapper {
                    List<String> findAllByDt(String dt);
                }
                """, COUNT);
    }

    @Test
    void aStatementAnnotatedMethodIsADatabaseRoundTrip() {
        check("""
                package p;
                import java.util.List;
                import org.apache.ibatis.annotations.Select;
                interface PageMapper {
                    @Select("select name from page where dt = #{dt}")
                    List<String> findAllByDt(String dt);
                }
                """, COUNT);
    }

    @Test
    void aDefaultMethodReachesTheInheritedBaseMapperQuery() {
        check("""
                package p;
                import java.util.List;
                import com.baomidou.mybatisplus.core.conditions.query.QueryWrapper;
                import com.baomidou.mybatisplus.core.mapper.BaseMapper;
                interface PageMapper extends BaseMapper<String> {
                    default List<String> findAllByDt(String dt) {
                        QueryWrapper<String> query = new QueryWrapper<>();
                        query.eq("dt", dt);
                        return selectList(query);
                    }
                }
                """, COUNT);
    }

    @Test
    void aJoinMapperIsABaseMapper() {
        check("""
                package p;
                import java.util.List;
                import com.github.yulichang.base.MPJBaseMapper;
                interface PageMapper extends MPJBaseMapper<String> {
                    default List<String> findAllByDt(String dt) {
                        return selectList(null);
                    }
                }
                """, COUNT);
    }

    @Test
    void aMapStructMapperConvertsInMemory() {
        check("""
                package p;
                import java.util.List;
                import org.mapstruct.Mapper;
                @Mapper
                interface PageMapper {
                    List<String> findAllByDt(String dt);
                }
                """, SILENT_COUNT);
    }

    @Test
    void anUnannotatedInterfaceAndAnotherLibrarysInheritedMethodAreNoRoundTrip() {
        check("""
                package p;
                import java.util.List;
                import org.example.Converter;
                interface PageMapper extends Converter<String> {
                    default List<String> findAllByDt(String dt) {
                        return convertAll(dt);
                    }
                }
                """, SILENT_COUNT);
    }
}
