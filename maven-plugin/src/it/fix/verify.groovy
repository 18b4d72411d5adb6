import groovy.json.JsonSlurper

// fjdoctor:fix rewrote the copies into index ranges (SAFE), compiled against the module's classpath ...
def source = new File(basedir, 'src/main/java/demo/CopyingSum.java').text
assert !source.contains('Arrays.copyOfRange')
assert source.contains('CopyingSum left = new CopyingSum(data, from, mid);')
def log = new File(basedir, 'build.log').text
assert log.contains('fjdoctor: 1 fix(es) applied to 1 file(s)')
assert log.contains('compiled with javac against the classpath')

// ... and the check bound to verify passes on the result.
def json = new JsonSlurper().parse(new File(basedir, 'target/fjdoctor/fjdoctor.json'))
assert json.findings.isEmpty()
return true
