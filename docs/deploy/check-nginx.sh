#!/bin/bash
# Checks docs/deploy/nginx.conf for real: Debian's nginx over HTTPS (a self-signed certificate)
# in front of two instances of the app on one PostgreSQL database, all on loopback. Prints what
# each step answered; read it against the comments. The steps marked `expect` are checked, and
# the script exits 1 if any of them fails. nginx listens on ports other than 80 and 443 (4580,
# 4543), so the check also proves the file on a non-standard port: the browser's Origin then
# carries the port, and so must the redirect. Needs `npm run build`, nginx, openssl, curl, psql
# and PostgreSQL on 127.0.0.1:5432 (user postgres). Run from the project's folder:
#
#   bash docs/deploy/check-nginx.sh
#
# nginx runs in the foreground from a temporary folder (its own pid file and logs), never as the
# system's service; everything it starts is stopped, and the database dropped, at the end.
set -u
# The ports, each overridable from the environment (APP_A=3451 … bash docs/deploy/check-nginx.sh).
APP_A=${APP_A:-4501} APP_B=${APP_B:-4502} HTTPS=${HTTPS:-4543} HTTP=${HTTP:-4580}
T=$(mktemp -d /tmp/nginx-check-XXXXXX)
chmod 755 "$T" # nginx's workers (nobody) write their temporary files inside
DB=diary_nginx_check_$RANDOM
PIDS=()
FAILED=0
# expect WHAT ACTUAL EXPECTED: prints the outcome, and counts a failure.
expect() {
  if [ "$2" = "$3" ]; then
    echo "ok: $1 ($2)"
  else
    echo "FAILED: $1: got \"$2\", expected \"$3\""
    FAILED=$((FAILED + 1))
  fi
}
cleanup() {
  kill "${PIDS[@]}" 2>/dev/null
  wait 2>/dev/null
  psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" postgres
  rm -rf "$T"
}
trap cleanup EXIT

echo "== a self-signed certificate for localhost"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
  -addext subjectAltName=DNS:localhost -keyout "$T/privkey.pem" -out "$T/fullchain.pem" 2>/dev/null && echo ok

echo "== a copy of the site file with these ports, certificate, log folder and server name"
sed -e "s/127\.0\.0\.1:3000/127.0.0.1:$APP_A/; s/127\.0\.0\.1:3001/127.0.0.1:$APP_B/" \
  -e "s/listen 80;/listen 127.0.0.1:$HTTP;/; s/listen 443 ssl http2;/listen 127.0.0.1:$HTTPS ssl http2;/" \
  -e '/listen \[::\]/d' \
  -e "s#/etc/letsencrypt/live/diary.example.com#$T#; s#/var/log/nginx#$T#" \
  -e "s/set \\\$https_port \"\";/set \\\$https_port \":$HTTPS\";/" \
  -e 's/diary\.example\.com/localhost/' docs/deploy/nginx.conf > "$T/site.conf"
grep -q "set \$https_port \":$HTTPS\";" "$T/site.conf" || { echo "the site file has no \$https_port line"; exit 1; }
cat > "$T/nginx.conf" <<CONF
pid $T/nginx.pid;
events {}
http {
    client_body_temp_path $T/body; proxy_temp_path $T/proxy; fastcgi_temp_path $T/fastcgi;
    uwsgi_temp_path $T/uwsgi; scgi_temp_path $T/scgi;
    include $T/site.conf;
}
CONF
nginx -t -p "$T" -c "$T/nginx.conf" -e "$T/error.log" || exit 1

echo "== two instances on one new database (TRUST_PROXY=loopback)"
psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $DB" postgres || exit 1
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB TRUST_PROXY=loopback HOSTNAME=127.0.0.1
export AUTH_SECRET=$(openssl rand -hex 32) DATA_DIR=$T/data
PORT=$APP_A node server/server.mjs > "$T/app-$APP_A.log" 2>&1 &
PIDS+=($!)
# start_b: (re)starts the instance on APP_B and waits until it is ready.
start_b() {
  PORT=$APP_B node server/server.mjs >> "$T/app-$APP_B.log" 2>&1 &
  APP_B_PID=$!
  PIDS+=($APP_B_PID)
  until curl -sf -o /dev/null "http://127.0.0.1:$APP_B/api/ready"; do sleep 0.5; done
}
start_b
until curl -sf -o /dev/null "http://127.0.0.1:$APP_A/api/ready"; do sleep 0.5; done
echo "ready on $APP_A and $APP_B"
nginx -p "$T" -c "$T/nginx.conf" -e "$T/error.log" -g 'daemon off;' &
PIDS+=($!)
C="curl -sS --cacert $T/fullchain.pem"
U=https://localhost:$HTTPS
until $C -o /dev/null $U/api/health 2>/dev/null; do sleep 0.2; done

echo "== plain HTTP is redirected to HTTPS, on HTTPS's own port"
expect "redirect" "$(curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' "http://localhost:$HTTP/dashboard?x=1")" \
  "301 https://localhost:$HTTPS/dashboard?x=1"
echo "== a page over HTTPS (HTTP/2), with the app's own security headers"
$C -o /dev/null -D - $U/Login | grep -iE '^(HTTP|strict-transport|content-security-policy|server:)' | cut -c1-100
echo "== /api/health"
$C -w ' %{http_code} HTTP/%{http_version}\n' $U/api/health

echo "== register and log in, the client at X-Forwarded-For 203.0.113.7"
EMAIL="nginx-$RANDOM@example.test"
CREDENTIALS="{\"email\":\"$EMAIL\",\"password\":\"correct horse battery\"}"
for action in register login; do
  $C -c "$T/jar" -o /dev/null -w "$action %{http_code}\n" -H 'content-type: application/json' \
    -H 'X-Forwarded-For: 203.0.113.7' -d "$CREDENTIALS" $U/api/auth/$action
done
echo "== the client address the app counted those tries for (auth_attempts.ip)"
psql -h 127.0.0.1 -U postgres -Atc "select action, ip, outcome from auth_attempts order by id" $DB

echo "== a write and reads, alternating between the instances (upstream in the access log below)"
ID=$(cat /proc/sys/kernel/random/uuid)
NOW=$(date -u +%Y-%m-%dT%H:%M:%S.000Z)
ENTRY="{\"id\":\"$ID\",\"meal\":\"lunch\",\"food\":null,\"name\":\"Soup\",\"amount\":300,\"unit\":\"kcal\",\"grams\":null,\"kcal\":300,\"protein\":1,\"fat\":1,\"carbs\":1,\"loggedAt\":\"$NOW\",\"updatedAt\":\"$NOW\"}"
ENTRY_URL=$U/api/days/2026-01-15/entries/$ID
# The Origin a browser sends from the page at $U: with the port, as nginx does not listen on 443.
expect "PUT entry from the page's own origin, $U" "$($C -b "$T/jar" -o /dev/null -w '%{http_code}' -X PUT \
  -H 'content-type: application/json' -H "Origin: $U" -H 'Sec-Fetch-Site: same-origin' -d "$ENTRY" "$ENTRY_URL")" 200
expect "POST food from $U" "$($C -b "$T/jar" -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -H "Origin: $U" -H 'Sec-Fetch-Site: same-origin' -d '{"name":"Kefir","kcal":50,"protein":3,"fat":2.5,"carbs":4}' \
  $U/api/foods)" 201
for i in 1 2 3 4; do $C -b "$T/jar" -w " GET day %{http_code}\n" $U/api/days/2026-01-15 | cut -c1-70; done
echo "== the same write from http://localhost:$HTTPS: X-Forwarded-Proto says https, so the app refuses it"
$C -b "$T/jar" -w ' %{http_code}\n' -X PUT -H 'content-type: application/json' \
  -H "Origin: http://localhost:$HTTPS" -d "$ENTRY" "$ENTRY_URL"
echo "== and from https://localhost, the same host on another port (443): another origin"
$C -b "$T/jar" -w ' %{http_code}\n' -X PUT -H 'content-type: application/json' \
  -H 'Origin: https://localhost' -d "$ENTRY" "$ENTRY_URL"
echo "== a page that needs a session redirects to /Login on this host and port"
expect "redirect of /dashboard without a session" \
  "$($C -o /dev/null -w '%{http_code} %{redirect_url}' $U/dashboard | sed 's/?.*//')" "307 $U/Login"
echo "== bodies: 1.05 MiB reaches the app (its own JSON 413), 1.2 MiB is stopped by nginx"
head -c 1101004 /dev/zero | tr '\0' ' ' > "$T/body-1.05m"
head -c 1258291 /dev/zero | tr '\0' ' ' > "$T/body-1.2m"
$C -b "$T/jar" -w ' %{http_code}\n' -X PUT -H 'content-type: application/json' --data-binary @"$T/body-1.05m" "$ENTRY_URL"
$C -b "$T/jar" -o /dev/null -w '%{http_code} from nginx\n' -X PUT -H 'content-type: application/json' \
  --data-binary @"$T/body-1.2m" "$ENTRY_URL"
echo "== a share link's secret is in neither log: nginx's map and the app's request line redact it"
SECRET=$(openssl rand -base64 32 | tr '+/' '-_' | tr -d '=\n')
expect "Referrer-Policy of a share page" "$($C -o /dev/null -D - "$U/shared/$SECRET" | tr -d '\r' |
  sed -n 's/^referrer-policy: //Ip')" no-referrer
$C -o /dev/null -w 'GET /api/shared/{secret} %{http_code}\n' "$U/api/shared/$SECRET"
sleep 0.5
expect "lines of the access log with the secret" "$(grep -c -- "$SECRET" "$T/calorie-diary.access.log")" 0
expect "lines of the app's logs with the secret" "$(cat "$T"/app-*.log | grep -c -- "$SECRET")" 0
expect "share requests in the access log, redacted" \
  "$(grep -c '"GET /\(api/\)\?shared/\[redacted\] HTTP' "$T/calorie-diary.access.log")" 2
echo "== access log"
cut -c1-200 "$T/calorie-diary.access.log"
echo "== the request id nginx made, in the app's own log line"
RID=$(grep -h '"GET /api/days' "$T/calorie-diary.access.log" | tail -1 | sed 's/.*id=//')
grep -h "$RID" "$T"/app-*.log | cut -c1-250

# write_load: writes entries through nginx from 4 clients at once, as long as $T/load-on
# exists, then prints how many got each status. Each entry is new, spread over 300 days (a day
# holds at most 500 entries).
cat > "$T/load.mjs" <<'LOAD'
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
const [url, jar, flag] = process.argv.slice(2);
const session = readFileSync(jar, 'utf8').split('\n').find((line) => /\tsession\t/.test(line)).split('\t').pop();
const statuses = {};
let n = 0;
async function client() {
  while (existsSync(flag)) {
    const id = randomUUID();
    const day = new Date(Date.UTC(2025, 0, 1 + (n++ % 300))).toISOString().slice(0, 10);
    const now = new Date().toISOString();
    const entry = { id, meal: 'lunch', food: null, name: 'Soup', amount: 300, unit: 'kcal', grams: null,
      kcal: 300, protein: 1, fat: 1, carbs: 1, loggedAt: now, updatedAt: now };
    let status;
    try {
      const answer = await fetch(`${url}/api/days/${day}/entries/${id}`, {
        method: 'PUT', body: JSON.stringify(entry),
        headers: { 'content-type': 'application/json', origin: url, 'sec-fetch-site': 'same-origin', cookie: `session=${session}` },
      });
      await answer.arrayBuffer();
      status = answer.status;
    } catch (error) {
      status = error.cause?.code ?? 'error';
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}
await Promise.all([client(), client(), client(), client()]);
console.log(JSON.stringify(statuses));
LOAD
write_load() {
  NODE_EXTRA_CA_CERTS=$T/fullchain.pem node "$T/load.mjs" "$U" "$T/jar" "$T/load-on" > "$T/load-result" &
  LOAD_PID=$!
}
NGINX="nginx -p $T -c $T/nginx.conf -e $T/error.log"

echo "== rolling restart of $APP_B under writes, straight away: SIGTERM, start again, ready"
touch "$T/load-on"; write_load; sleep 1
kill "$APP_B_PID"; wait "$APP_B_PID" 2>/dev/null
start_b; sleep 1
rm "$T/load-on"; wait "$LOAD_PID"
echo "writes: $(cat "$T/load-result")  (a 502 is a write refused; see docs/deploy.md, section 8)"
# nginx counted those failures against $APP_B: let its fail_timeout pass before the next run.
sleep 11

echo "== rolling restart of $APP_B under writes, out of rotation first (docs/deploy.md, section 8)"
touch "$T/load-on"; write_load; sleep 1
sed -i "s/server 127.0.0.1:$APP_B /server 127.0.0.1:$APP_B down /" "$T/site.conf"
$NGINX -s reload; sleep 1
kill "$APP_B_PID"; wait "$APP_B_PID" 2>/dev/null
start_b
sed -i "s/server 127.0.0.1:$APP_B down /server 127.0.0.1:$APP_B /" "$T/site.conf"
$NGINX -s reload; sleep 1
rm "$T/load-on"; wait "$LOAD_PID"
echo "writes: $(cat "$T/load-result")"
expect "writes that were not answered 200 during the rolling restart" \
  "$(node -e 'const s = JSON.parse(process.argv[1]); console.log(Object.entries(s).filter(([k]) => k !== "200").reduce((n, [, v]) => n + v, 0))' "$(cat "$T/load-result")")" 0

echo "== passive health: instance $APP_B stopped; 2 log-ins, 3 writes, then 6 reads"
kill "$APP_B_PID"
wait "$APP_B_PID" 2>/dev/null
: > "$T/calorie-diary.access.log"
for i in 1 2; do
  $C -o /dev/null -w "POST login %{http_code}\n" -H 'content-type: application/json' -d "$CREDENTIALS" $U/api/auth/login
done
for i in 1 2 3; do
  $C -b "$T/jar" -o /dev/null -w "PUT entry %{http_code}\n" -X PUT -H 'content-type: application/json' -d "$ENTRY" "$ENTRY_URL"
done
for i in 1 2 3 4 5 6; do $C -b "$T/jar" -o /dev/null -w "GET day %{http_code}\n" $U/api/days/2026-01-15; done
sleep 0.5
cut -c1-200 "$T/calorie-diary.access.log"
echo "== nginx's error log"
cut -c1-160 "$T/calorie-diary.error.log"

if [ "$FAILED" -gt 0 ]; then
  echo "$FAILED expectation(s) failed"
  exit 1
fi
echo "every expectation held"
