@REM Runs fjdoctor from this checkout on Windows, (re)building the jar first when the sources are newer.
@REM The Windows twin of ./fjdoctor: the same build check, JVM choice, default JVM options and exit codes.
@echo off
setlocal

set "ROOT=%~dp0"
set "JAR=%ROOT%cli\target\fjdoctor.jar"

@REM Stale when the jar is missing or a pom.xml or source file of the modules it is built from is newer.
set "STALE="
if not exist "%JAR%" set "STALE=first"
if defined STALE goto build
for /f "usebackq delims=" %%F in (`powershell -NoProfile -ExecutionPolicy Bypass -Command "$jar = (Get-Item -LiteralPath '%JAR%').LastWriteTimeUtc; $paths = 'pom.xml','analyzer\pom.xml','refactorings\pom.xml','measurements\pom.xml','reports\pom.xml','cli\pom.xml','analyzer\src','refactorings\src','measurements\src','reports\src','cli\src' | ForEach-Object { Join-Path '%ROOT%' $_ }; $newer = Get-ChildItem -LiteralPath $paths -Recurse -File -ErrorAction SilentlyContinue | Where-Object { $_.LastWriteTimeUtc -gt $jar } | Select-Object -First 1; if ($newer) { 'stale' }"`) do set "STALE=changed"
if not defined STALE goto run

:build
if "%STALE%"=="first" (
  echo fjdoctor: first run: building the fjdoctor jar once ^(a minute or two; the Maven wrapper may download Maven and the dependencies first^). Later runs start at once. 1>&2
) else (
  echo fjdoctor: sources changed since the last build; rebuilding %JAR% ... 1>&2
)
pushd "%ROOT%"
@REM Unlike ./fjdoctor, Maven's output is shown as it comes: cmd has no line filter to shorten it with.
call "%ROOT%mvnw.cmd" -B -DskipTests package -pl cli -am 1>&2
set "BUILD=%ERRORLEVEL%"
popd
if not "%BUILD%"=="0" (
  echo fjdoctor: build failed ^(see the Maven output above^) 1>&2
  exit /b 1
)
echo fjdoctor: built %JAR% 1>&2

:run
@REM The JVM: %FJDOCTOR_JAVA%, else %JAVA_HOME%\bin\java.exe, else java on the PATH.
set "JAVA_EXE=%FJDOCTOR_JAVA%"
if not defined JAVA_EXE if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
if not defined JAVA_EXE set "JAVA_EXE=java"
if exist "%JAVA_EXE%" goto java_found
where "%JAVA_EXE%" >nul 2>nul && goto java_found
echo fjdoctor: no Java runtime at '%JAVA_EXE%' ^(set FJDOCTOR_JAVA or JAVA_HOME, or put java 17+ on the PATH^) 1>&2
exit /b 1

:java_found
@REM The same defaults as ./fjdoctor (docs/benchmark.md). cmd cannot hold an empty variable, so
@REM FJDOCTOR_JAVA_OPTS=" " (one space) asks for the JVM's own defaults.
set "OPTS=-XX:+UseSerialGC -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=25 -XX:TieredStopAtLevel=1"
if defined FJDOCTOR_JAVA_OPTS set "OPTS=%FJDOCTOR_JAVA_OPTS%"

"%JAVA_EXE%" %OPTS% "-Dfjdoctor.home=%ROOT:~0,-1%" -jar "%JAR%" %*
exit /b %ERRORLEVEL%
