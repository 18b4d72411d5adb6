import groovy.json.JsonSlurper

// <changedSince>HEAD</changedSince>: of the two copies only the one on the edited line 25 is reported
// and fails the build; the reports say that one other was left out.
def reports = new File(basedir, 'target/fjdoctor')
def json = new JsonSlurper().parse(new File(reports, 'fjdoctor.json'))
assert json.findings*.location*.line == [25]
assert json.changedSince.ref == 'HEAD'
assert json.changedSince.notShown == 1

def sarif = new JsonSlurper().parse(new File(reports, 'fjdoctor.sarif'))
assert sarif.runs[0].results*.locations*.getAt(0)*.physicalLocation*.region*.startLine == [25]
assert sarif.runs[0].properties.changedSince.ref == 'HEAD'

def log = new File(basedir, 'build.log').text
assert log.contains('fjdoctor: 1 finding on lines changed since HEAD; 1 other not shown')
assert log.contains('fjdoctor: 1 finding at or above warning in changed')
assert !log.contains('CopyingSum.java:24:')
assert log.contains('BUILD FAILURE')
return true
