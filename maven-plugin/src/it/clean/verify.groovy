import groovy.json.JsonSlurper

def json = new JsonSlurper().parse(new File(basedir, 'target/fjdoctor/fjdoctor.json'))
assert json.findings.isEmpty()
assert json.stats.files == 1
def sarif = new JsonSlurper().parse(new File(basedir, 'target/fjdoctor/fjdoctor.sarif'))
assert sarif.runs[0].results.isEmpty()

def log = new File(basedir, 'build.log').text
assert log.contains('fjdoctor: no findings')
assert log.contains('Java 17'), 'the Java level comes from maven.compiler.release'
assert log.contains('BUILD SUCCESS')
return true
