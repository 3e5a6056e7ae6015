//! A small HTTP/1.1 client over `std::net::TcpStream`, for `chesslantis
//! bot`: one request a connection, bodies read by length, chunked or to the
//! close, and NDJSON streams read a line at a time.
//!
//! Hand-rolled rather than a crate: the bot needs a handful of requests and
//! two long-lived streams, on blocking threads that also run the engine;
//! this is some two hundred lines with no new dependency (hyper's client
//! would bring an async runtime into the bot's loops, the common blocking
//! clients a TLS stack and a dozen crates to build). Plain `http://` only:
//! for `https://` put a TLS proxy in front (stunnel, nginx) and give its
//! `http://` address.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// The longest header line, and the most header lines, accepted.
const MAX_HEADER_LINE: usize = 8 * 1024;
const MAX_HEADERS: usize = 100;
/// The largest whole body read into memory (a stream is read line by line).
const MAX_BODY: u64 = 4 * 1024 * 1024;
/// The longest line of a stream (a game's state with its view and actions).
pub const MAX_LINE: usize = 4 * 1024 * 1024;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A server's address: `http://host[:port][/prefix]`.
#[derive(Clone, Debug)]
pub struct Server {
    host: String,
    port: u16,
    /// Prepended to every path (no trailing `/`).
    prefix: String,
}

impl Server {
    pub fn parse(url: &str) -> Result<Server, String> {
        let url = url.trim();
        if url.starts_with("https://") {
            return Err(format!(
                "'{url}': this client speaks plain http only; put a TLS proxy (stunnel, nginx) in front of the server and give its http:// address, or use the server's http:// address"
            ));
        }
        let rest = url.strip_prefix("http://").ok_or_else(|| {
            format!("'{url}' is not an http:// address (like http://127.0.0.1:8080)")
        })?;
        let (authority, path) = rest.split_once('/').map_or((rest, ""), |(a, p)| (a, p));
        // An IPv6 address is written in brackets: `[::1]:8080`.
        let (host, port) = match authority.strip_prefix('[') {
            Some(bracketed) => {
                let (h, rest) = bracketed
                    .split_once(']')
                    .ok_or_else(|| format!("'{url}': an IPv6 address without its closing ]"))?;
                (h, rest.strip_prefix(':'))
            }
            None => match authority.rsplit_once(':') {
                Some((h, p)) => (h, Some(p)),
                None => (authority, None),
            },
        };
        let port = match port {
            None => 80,
            Some(p) => p
                .parse::<u16>()
                .map_err(|_| format!("'{url}': the port '{p}' is not a number 1 to 65535"))?,
        };
        if host.is_empty() {
            return Err(format!("'{url}' names no host"));
        }
        let prefix = path.trim_end_matches('/');
        let prefix = if prefix.is_empty() {
            String::new()
        } else {
            format!("/{prefix}")
        };
        Ok(Server {
            host: host.to_string(),
            port,
            prefix,
        })
    }

    /// `host:port`, an IPv6 host in brackets.
    fn authority(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }

    /// The address as given back in messages.
    pub fn url(&self) -> String {
        format!("http://{}{}", self.authority(), self.prefix)
    }

    /// Sends one request and reads the answer's head; its body is left to read.
    /// `read_timeout`: how long a read may wait (a stream's keep-alive comes well within).
    pub fn send(&self, request: &Request<'_>, read_timeout: Duration) -> Result<Response, String> {
        let addr = (self.host.as_str(), self.port)
            .to_socket_addrs()
            .map_err(|e| format!("cannot resolve {}: {e}", self.url()))?
            .next()
            .ok_or_else(|| format!("{} resolves to no address", self.url()))?;
        let stream = TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT)
            .map_err(|e| format!("cannot connect to {}: {e}", self.url()))?;
        stream
            .set_read_timeout(Some(read_timeout))
            .map_err(|e| e.to_string())?;
        stream
            .set_write_timeout(Some(CONNECT_TIMEOUT))
            .map_err(|e| e.to_string())?;
        let _ = stream.set_nodelay(true);
        let mut head = format!(
            "{} {}{} HTTP/1.1\r\nHost: {}\r\nUser-Agent: chesslantis-bot\r\nAccept: application/json, application/x-ndjson\r\nConnection: close\r\n",
            request.method, self.prefix, request.path, self.authority()
        );
        if let Some(token) = request.token {
            head.push_str(&format!("Authorization: Bearer {token}\r\n"));
        }
        for (name, value) in request.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if let Some((content_type, body)) = request.body {
            head.push_str(&format!(
                "Content-Type: {content_type}\r\nContent-Length: {}\r\n",
                body.len()
            ));
        } else if request.method != "GET" {
            head.push_str("Content-Length: 0\r\n");
        }
        head.push_str("\r\n");
        let mut writer = &stream;
        let sent = writer
            .write_all(head.as_bytes())
            .and_then(|_| writer.write_all(request.body.map_or(&[][..], |(_, b)| b)));
        sent.map_err(|e| format!("{} {}: sending failed: {e}", request.method, request.path))?;
        let socket = stream.try_clone().map_err(|e| e.to_string())?;
        Response::read(BufReader::new(stream), socket)
            .map_err(|e| format!("{} {}: {e}", request.method, request.path))
    }
}

/// One request.
pub struct Request<'a> {
    pub method: &'a str,
    /// From the server's root, starting with `/`, already URL-encoded.
    pub path: &'a str,
    pub token: Option<&'a str>,
    /// Its content type and bytes.
    pub body: Option<(&'a str, &'a [u8])>,
    /// Any other headers (a session's cookie, in tests).
    pub headers: &'a [(&'a str, &'a str)],
}

/// How the body's end is known.
enum Framing {
    /// Its length in bytes.
    Length(u64),
    Chunked,
    Close,
}

/// An answer: its status, and its body to read.
pub struct Response {
    pub status: u16,
    /// The headers, names in lower case (the bot reads none; tests read a cookie).
    #[allow(dead_code)]
    pub headers: Vec<(String, String)>,
    body: BufReader<Body>,
    /// The connection, to shut it from another thread (a stop).
    socket: TcpStream,
}

impl Response {
    fn read(mut reader: BufReader<TcpStream>, socket: TcpStream) -> io::Result<Response> {
        let status_line = read_line(&mut reader, MAX_HEADER_LINE)?
            .ok_or_else(|| bad("the server closed the connection without an answer"))?;
        let mut parts = status_line.split_whitespace();
        let status = match (parts.next(), parts.next()) {
            (Some(v), Some(code)) if v.starts_with("HTTP/1.") => code
                .parse::<u16>()
                .map_err(|_| bad(format!("a bad status line: {status_line:?}")))?,
            _ => return Err(bad(format!("not an HTTP/1.1 answer: {status_line:?}"))),
        };
        let mut framing = Framing::Close;
        let mut headers = Vec::new();
        for _ in 0..MAX_HEADERS {
            let line = read_line(&mut reader, MAX_HEADER_LINE)?
                .ok_or_else(|| bad("the answer's headers were cut off"))?;
            if line.is_empty() {
                let (left, done) = match framing {
                    Framing::Length(n) => (n, n == 0),
                    _ => (0, false),
                };
                let body = Body {
                    reader,
                    framing,
                    left,
                    done,
                };
                return Ok(Response {
                    status,
                    headers,
                    body: BufReader::new(body),
                    socket,
                });
            }
            let Some((name, value)) = line.split_once(':') else {
                return Err(bad(format!("a bad header line: {line:?}")));
            };
            let value = value.trim();
            if name.eq_ignore_ascii_case("transfer-encoding")
                && value.to_ascii_lowercase().contains("chunked")
            {
                framing = Framing::Chunked;
            } else if name.eq_ignore_ascii_case("content-length")
                && !matches!(framing, Framing::Chunked)
            {
                framing = Framing::Length(
                    value
                        .parse()
                        .map_err(|_| bad(format!("a bad Content-Length: {value:?}")))?,
                );
            }
            headers.push((name.trim().to_ascii_lowercase(), value.to_string()));
        }
        Err(bad(format!("more than {MAX_HEADERS} header lines")))
    }

    /// A handle on the connection: shutting it ends a read in progress.
    pub fn socket(&self) -> io::Result<TcpStream> {
        self.socket.try_clone()
    }

    /// The whole body as JSON; a status that is not 2xx is an error with
    /// the server's words (lichess's `{"error": ...}` or ours).
    pub fn json(mut self) -> Result<serde_json::Value, String> {
        let mut text = Vec::new();
        (&mut self.body)
            .take(MAX_BODY + 1)
            .read_to_end(&mut text)
            .map_err(|e| format!("the answer's body: {e}"))?;
        if text.len() as u64 > MAX_BODY {
            return Err(format!("the answer is larger than {MAX_BODY} bytes"));
        }
        let value = serde_json::from_slice::<serde_json::Value>(&text);
        if !(200..300).contains(&self.status) {
            let words = value.ok().and_then(|v| {
                v.get("error")
                    .or_else(|| v.get("message"))
                    .and_then(|e| e.as_str())
                    .map(String::from)
            });
            let words =
                words.unwrap_or_else(|| String::from_utf8_lossy(&text).chars().take(200).collect());
            return Err(format!("status {}: {words}", self.status));
        }
        value.map_err(|e| {
            format!(
                "the answer is not JSON ({e}): {}",
                String::from_utf8_lossy(&text)
                    .chars()
                    .take(200)
                    .collect::<String>()
            )
        })
    }

    /// The next line of an NDJSON stream: `Ok(None)` at its end; an empty
    /// line is the keep-alive.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        read_line(&mut self.body, MAX_LINE)
    }
}

/// A body as it comes off the connection, its framing removed.
struct Body {
    reader: BufReader<TcpStream>,
    framing: Framing,
    /// Bytes left in the current chunk (chunked) or the body (by length).
    left: u64,
    done: bool,
}

impl Read for Body {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.done || buf.is_empty() {
            return Ok(0);
        }
        match self.framing {
            Framing::Close => self.reader.read(buf),
            Framing::Length(_) => self.read_some(buf),
            Framing::Chunked => {
                if self.left == 0 {
                    let line = read_line(&mut self.reader, MAX_HEADER_LINE)?
                        .ok_or_else(|| bad("the body was cut off before its end"))?;
                    let size = line.split(';').next().unwrap_or("").trim();
                    self.left = u64::from_str_radix(size, 16)
                        .map_err(|_| bad(format!("a bad chunk size: {line:?}")))?;
                    if self.left == 0 {
                        // Trailers, to the empty line.
                        while read_line(&mut self.reader, MAX_HEADER_LINE)?
                            .is_some_and(|l| !l.is_empty())
                        {}
                        self.done = true;
                        return Ok(0);
                    }
                }
                let n = self.read_some(buf)?;
                if self.left == 0 {
                    let end = read_line(&mut self.reader, MAX_HEADER_LINE)?;
                    if end.as_deref() != Some("") {
                        return Err(bad("a chunk does not end with CRLF"));
                    }
                }
                Ok(n)
            }
        }
    }
}

impl Body {
    fn read_some(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let most = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.reader.read(&mut buf[..most])?;
        if n == 0 {
            return Err(bad("the body was cut off before its end"));
        }
        self.left -= n as u64;
        if self.left == 0 && matches!(self.framing, Framing::Length(_)) {
            self.done = true;
        }
        Ok(n)
    }
}

fn bad(words: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, words.into())
}

/// One line without its end (`\n` or `\r\n`), at most `max` bytes; `None` at the end of input.
fn read_line(reader: &mut impl BufRead, max: usize) -> io::Result<Option<String>> {
    let mut line = Vec::new();
    let n = reader.take(max as u64 + 1).read_until(b'\n', &mut line)?;
    if n == 0 {
        return Ok(None);
    }
    if line.last() != Some(&b'\n') {
        return Err(bad(if line.len() > max {
            format!("a line longer than {max} bytes")
        } else {
            "the connection closed mid-line".into()
        }));
    }
    line.pop();
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    String::from_utf8(line)
        .map(Some)
        .map_err(|_| bad("a line that is not UTF-8"))
}

/// `text` as one URL path segment or form value (RFC 3986 unreserved kept).
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_parse_and_https_is_refused_with_what_to_do() {
        let s = Server::parse("http://127.0.0.1:8080/").unwrap();
        assert_eq!(
            (s.host.as_str(), s.port, s.prefix.as_str()),
            ("127.0.0.1", 8080, "")
        );
        let s = Server::parse("http://example.org/chess").unwrap();
        assert_eq!(
            (s.host.as_str(), s.port, s.prefix.as_str()),
            ("example.org", 80, "/chess")
        );
        let e = Server::parse("https://lichess.org").unwrap_err();
        assert!(e.contains("TLS proxy") && e.contains("http://"), "{e}");
        assert!(Server::parse("ftp://x").unwrap_err().contains("http://"));
        assert!(Server::parse("http://x:99999")
            .unwrap_err()
            .contains("port"));
        assert!(Server::parse("http://:80").unwrap_err().contains("no host"));
        let s = Server::parse("http://[::1]:8080").unwrap();
        assert_eq!(
            (s.host.as_str(), s.port, s.url()),
            ("::1", 8080, "http://[::1]:8080".to_string())
        );
        assert_eq!(Server::parse("http://[::1]").unwrap().port, 80);
        assert!(Server::parse("http://[::1")
            .unwrap_err()
            .contains("closing ]"));
    }

    #[test]
    fn chunked_and_sized_bodies_read_back_whole() {
        use std::net::TcpListener;
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let answers = [
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":\r\n3;x=y\r\n 1}\r\n0\r\n\r\n".to_string(),
            "HTTP/1.1 400 Bad Request\r\nContent-Length: 21\r\n\r\n{\"error\": \"No way.\"}\n".to_string(),
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n9\r\n{\"n\":1}\n\n\r\n2\r\n{}\r\n".to_string(),
        ];
        let server = std::thread::spawn(move || {
            for answer in answers {
                let (mut conn, _) = listener.accept().unwrap();
                let mut head = BufReader::new(conn.try_clone().unwrap());
                while read_line(&mut head, 9999)
                    .unwrap()
                    .is_some_and(|l| !l.is_empty())
                {}
                conn.write_all(answer.as_bytes()).unwrap();
            }
        });
        let s = Server::parse(&format!("http://127.0.0.1:{port}")).unwrap();
        let get = Request {
            method: "GET",
            path: "/x",
            token: Some("t"),
            body: None,
            headers: &[],
        };
        let t = Duration::from_secs(10);
        assert_eq!(
            s.send(&get, t).unwrap().json().unwrap(),
            serde_json::json!({"a": 1})
        );
        assert_eq!(
            s.send(&get, t).unwrap().json().unwrap_err(),
            "status 400: No way."
        );
        let mut stream = s.send(&get, t).unwrap();
        assert_eq!(stream.next_line().unwrap().as_deref(), Some("{\"n\":1}"));
        assert_eq!(stream.next_line().unwrap().as_deref(), Some(""));
        assert!(
            stream.next_line().is_err(),
            "a stream cut off mid-line is an error, not a line"
        );
        server.join().unwrap();
    }

    #[test]
    fn encoding_keeps_only_the_unreserved() {
        assert_eq!(encode("carrier b1"), "carrier%20b1");
        assert_eq!(encode("e7e8=Q/ü"), "e7e8%3DQ%2F%C3%BC");
    }
}
