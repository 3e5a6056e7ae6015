//! The OpenAPI description (`GET /api/openapi.json`): OpenAPI 3.x JSON
//! with exactly the API routes of docs/protocol.md's route table (each of
//! which the server serves), each with its parameters, its responses and
//! its errors as `ErrorReply`, and the schemas clients need.

mod common;

use common::*;
use serde_json::Value;
use std::collections::BTreeSet;

/// The API routes of docs/protocol.md's table (`| `GET /api/me` | ... |`),
/// as (method, path): the list kept next to the code by hand.
fn routes_in_protocol_md() -> BTreeSet<(String, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md")).unwrap();
    let table = text.split("### HTTP routes").nth(1).expect("docs/protocol.md has a section HTTP routes");
    table
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`').map(|(route, _)| route))
        .filter_map(|route| route.split_once(' '))
        .filter(|(_, path)| path.starts_with("/api/") || path.starts_with("/ws/"))
        .map(|(method, path)| (method.to_ascii_lowercase(), path.to_string()))
        .collect()
}

fn operations(doc: &Value) -> Vec<(String, String, &Value)> {
    let mut all = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().unwrap() {
            if ["get", "put", "post", "delete", "patch"].contains(&method.as_str()) {
                all.push((method.clone(), path.clone(), operation));
            }
        }
    }
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_openapi_description_lists_every_route_with_its_errors() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let r = http_raw(addr, "GET", "/api/openapi.json", None, None).await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(r.header("content-type").unwrap().starts_with("application/json"));
        let doc: Value = serde_json::from_str(&r.body).expect("the description is JSON");
        assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "OpenAPI 3.x: {}", doc["openapi"]);
        assert_eq!(doc["info"]["title"], "Chesslantis");

        let documented: BTreeSet<(String, String)> = operations(&doc).into_iter().map(|(m, p, _)| (m, p)).collect();
        let expected = routes_in_protocol_md();
        assert!(expected.len() >= 20, "the route table of docs/protocol.md was not read: {expected:?}");
        assert_eq!(documented, expected, "the OpenAPI paths and docs/protocol.md's route table differ");

        for (method, path, operation) in operations(&doc) {
            let route = format!("{} {path}", method.to_uppercase());
            // Served: not the fallback's "no route" for /api/ and /ws/.
            let probe = path.replace("{id}", "nosuchgame").replace("{name}", "nobody_here");
            let body = (method != "get").then(|| serde_json::json!({}));
            let served = http_raw(addr, &method.to_uppercase(), &probe, None, body.as_ref()).await;
            assert!(!served.body.contains("no route"), "{route} is documented but not served: {} {}", served.status, served.body);

            for param in path.split('{').skip(1).filter_map(|p| p.split_once('}')).map(|(name, _)| name) {
                let declared = operation["parameters"].as_array().is_some_and(|ps| ps.iter().any(|p| p["name"] == param && p["in"] == "path"));
                assert!(declared, "{route} does not describe its path parameter {param}");
            }
            let responses = operation["responses"].as_object().unwrap_or_else(|| panic!("{route} has no responses"));
            assert!(responses.keys().any(|s| s.starts_with('2') || s == "101"), "{route} has no success response");
            for (status, response) in responses {
                if status.as_str() >= "400" {
                    let schema = &response["content"]["application/json"]["schema"]["$ref"];
                    assert_eq!(schema, "#/components/schemas/ErrorReply", "{route} {status}");
                    assert!(response["description"].as_str().unwrap().contains("`code`"), "{route} {status} names no codes: {response}");
                }
            }
        }
        let ws = &doc["paths"]["/ws/games/{id}"]["get"]["responses"];
        assert!(ws["101"].is_object(), "the WebSocket upgrade is a GET answered 101: {ws}");
        let replay = &doc["paths"]["/api/games/{id}/replay"]["get"]["parameters"];
        assert!(replay.as_array().unwrap().iter().any(|p| p["name"] == "ply" && p["in"] == "query"), "{replay}");
        let archive = &doc["paths"]["/api/users/{name}/games"]["get"]["parameters"];
        for q in ["before", "limit"] {
            assert!(archive.as_array().unwrap().iter().any(|p| p["name"] == q && p["in"] == "query"), "{q}: {archive}");
        }
        let body_of = |path: &str| doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"].clone();
        assert_eq!(body_of("/api/games"), "#/components/schemas/NewGame");
        assert_eq!(body_of("/api/games/{id}/actions"), "#/components/schemas/ActionRequest");

        let schemas = doc["components"]["schemas"].as_object().expect("components.schemas");
        for name in ["NewGame", "GameState", "ErrorReply", "Replay", "ArchivePage", "Seek", "Me", "Profile", "GameExport", "Seat", "ChatRooms", "ChatLine"] {
            assert!(schemas.contains_key(name), "no schema {name}: {:?}", schemas.keys().collect::<Vec<_>>());
        }
        let state = &schemas["GameState"]["properties"];
        for field in ["id", "variant", "rated", "status", "you", "ply", "clocks", "view"] {
            assert!(state[field].is_object(), "GameState.{field}: {state}");
        }
        assert!(schemas["NewGame"]["properties"]["variant"].is_object());
        assert_eq!(schemas["ErrorReply"]["properties"]["type"]["enum"], serde_json::json!(["error"]));
        // Every reference points at a schema there is.
        for reference in r.body.split("\"$ref\":\"#/components/schemas/").skip(1).filter_map(|s| s.split('"').next()) {
            assert!(schemas.contains_key(reference), "a reference to a missing schema {reference}");
        }
    }
}

/// Whether a property's schema lets it be `null`.
fn nullable(property: &Value) -> bool {
    let null = |s: &Value| s["type"] == "null" || s["type"].as_array().is_some_and(|t| t.contains(&Value::from("null")));
    null(property) || ["oneOf", "anyOf"].iter().any(|k| property[*k].as_array().is_some_and(|all| all.iter().any(null)))
}

/// The example values the schema gives a property: its own, or those of the
/// schema it refers to (an enum's every value).
fn examples(doc: &Value, property: &Value) -> Vec<Value> {
    let mut all: Vec<Value> = property["examples"].as_array().cloned().unwrap_or_default();
    if !property["example"].is_null() {
        all.push(property["example"].clone());
    }
    let branches = property["oneOf"].as_array().cloned().unwrap_or_else(|| vec![property.clone()]);
    for reference in branches.iter().filter_map(|b| b["$ref"].as_str()) {
        let name = reference.trim_start_matches("#/components/schemas/");
        let target = &doc["components"]["schemas"][name];
        all.extend(target["enum"].as_array().cloned().unwrap_or_default());
        all.extend(examples(doc, target));
    }
    all
}

/// Requests built from the description of `POST /api/games`: every
/// property the schema marks nullable sent as `null`, and every example
/// value, each beside a `variant`, are accepted; `variant`, required, is not
/// nullable and refused as `null`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_game_requests_built_from_the_schema_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let r = http_raw(server.addr, "GET", "/api/openapi.json", None, None).await;
        let doc: Value = serde_json::from_str(&r.body).unwrap();
        let schema = &doc["components"]["schemas"]["NewGame"];
        let properties = schema["properties"].as_object().unwrap_or_else(|| panic!("NewGame's properties: {schema}"));
        assert_eq!(schema["required"], serde_json::json!(["variant"]), "{schema}");
        // A user, so that `"rated": true` is a request it may make.
        let (user, _) = Guest::signed_up(server.addr, "schema").await;
        let mut tried = 0;
        for (name, property) in properties {
            let mut requests = Vec::new();
            if name == "variant" {
                assert!(!nullable(property), "variant is required: {property}");
                let (status, e) = user.post("/api/games", serde_json::json!({"variant": null})).await;
                assert_eq!((status, e["code"].as_str()), (400, Some("malformed")), "{e}");
            } else {
                assert!(nullable(property), "{name} may be left out, so null says the same: {property}");
                requests.push(serde_json::json!({"variant": "chess", name.as_str(): null}));
            }
            let values = examples(&doc, property);
            assert!(!values.is_empty(), "{name} has an example: {property}");
            for value in values {
                let mut request = serde_json::json!({"variant": "chess"});
                request[name.as_str()] = value;
                requests.push(request);
            }
            for request in requests {
                let (status, body) = user.post("/api/games", request.clone()).await;
                assert_eq!(status, 201, "{request}: {body}");
                // Withdrawn at once, so the player's waiting games stay under the cap.
                let (status, state) = user.post(&format!("/api/games/{}/abort", body["id"].as_str().unwrap()), serde_json::json!({})).await;
                assert_eq!(status, 200, "{state}");
                tried += 1;
            }
        }
        assert!(tried >= 2 * (properties.len() - 1), "{tried} requests");
    }
}
