#!/bin/bash
# Try the served line mode with a real screen reader: Orca reads `palace serve`'s page /plain in
# Chromium on a virtual display, and its debug log says what it spoke.
#
#   apt-get install orca speech-dispatcher espeak-ng speech-dispatcher-espeak-ng xvfb chromium
#   bash scripts/screen_reader_orca.sh [OUT_FOLDER]      # prints what Orca said, one line each
#
# Everything runs in a private D-Bus session with its own HOME (speech goes to ALSA's null
# device: no sound card is needed) and is stopped at the end. Needs the web extra and Playwright.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$(mktemp -d)}
mkdir -p "$OUT/home/.config/speech-dispatcher" "$OUT/data"
PYTHON=${PYTHON:-python}
printf 'pcm.!default { type null }\n' > "$OUT/home/.asoundrc"
sed 's/^#\? *AudioOutputMethod.*/AudioOutputMethod "alsa"/' /etc/speech-dispatcher/speechd.conf \
    > "$OUT/home/.config/speech-dispatcher/speechd.conf"
PORT=$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
DISPLAY_NUMBER=:$((90 + RANDOM % 100))

PIDS=()
stop() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop EXIT
PYTHONPATH="$ROOT" PALACE_DATA_DIR="$OUT/data" "$PYTHON" -P -m palace_tui serve --port "$PORT" > "$OUT/serve.log" 2>&1 &
PIDS+=($!)
Xvfb "$DISPLAY_NUMBER" -screen 0 1280x800x24 > "$OUT/xvfb.log" 2>&1 &
PIDS+=($!)
sleep 3

cat > "$OUT/session.sh" <<SESSION
#!/bin/bash
export DISPLAY=$DISPLAY_NUMBER HOME=$OUT/home XDG_CONFIG_HOME=$OUT/home/.config XDG_RUNTIME_DIR=$OUT/home
/usr/libexec/at-spi-bus-launcher --launch-immediately & BUS=\$!
sleep 2
gsettings set org.gnome.desktop.interface toolkit-accessibility true 2>/dev/null || true
orca --replace --debug-file=$OUT/orca.log -e speech > $OUT/orca.out 2>&1 & ORCA=\$!
sleep 8
"$PYTHON" - <<'DRIVE'
import time
from playwright.sync_api import sync_playwright
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=False,
                                args=["--no-sandbox", "--disable-gpu", "--force-renderer-accessibility"])
    page = browser.new_page(viewport={"width": 1024, "height": 700})
    page.goto("http://127.0.0.1:$PORT/plain")
    time.sleep(6)
    page.focus(".xterm-helper-textarea")
    for answer in ("3", "", "2", "1"):  # the lessons; the first; a wrong choice, then the right one
        page.keyboard.type(answer)
        page.keyboard.press("Enter")
        time.sleep(8)
    browser.close()
DRIVE
sleep 3
kill \$ORCA \$BUS 2>/dev/null
pkill -u "\$(id -u)" -f "speech-dispatcher --spawn --communication-method unix_socket --socket-path $OUT/home" 2>/dev/null || true
SESSION
timeout 180 dbus-run-session -- bash "$OUT/session.sh" > "$OUT/session.log" 2>&1 || true
grep "SPEECH OUTPUT" "$OUT/orca.log" | sed "s/^[0-9:.]* - SPEECH OUTPUT: //; s/{'established': False}\$//" | tee "$OUT/spoken.txt"
