//! The HTTP side: hyper's HTTP/1 server on a current-thread tokio runtime, every connection
//! bounded in time, every body bounded in size, each request handed to [`Api::handle`].

use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};

use super::api::{Api, BODY_LIMIT, Reply};

/// At most this many connections are served at once; more wait to be accepted.
pub const MAX_CONNECTIONS: usize = 128;

/// Serves `api` on `listener` until the process ends (or the listener fails).
pub(crate) async fn serve(listener: std::net::TcpListener, api: Api) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let header_timeout = api.config().header_timeout;
    let connection_timeout = api.config().connection_timeout;
    let api = Arc::new(Mutex::new(api));
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(permit) = slots.clone().acquire_owned().await else {
            return Ok(());
        };
        // A connection that failed before it was accepted (reset, out of descriptors): wait
        // a moment and go on.
        let Ok((stream, _)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let api = api.clone();
        tokio::spawn(async move {
            let service = service_fn(move |req| respond(api.clone(), req));
            let conn = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .keep_alive(false)
                .max_buf_size(64 * 1024)
                .serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(connection_timeout, conn).await;
            drop(permit);
        });
    }
}

/// One request: the body read (at most [`BODY_LIMIT`] bytes, within the connection's time),
/// then the API's answer.
async fn respond(
    api: Arc<Mutex<Api>>,
    req: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let method = req.method().as_str().to_owned();
    let path = req.uri().path().to_owned();
    let declared = req
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let reply = if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        Reply::error(413, "the request body is over 1 MiB")
    } else {
        match Limited::new(req.into_body(), BODY_LIMIT).collect().await {
            Ok(body) => {
                let body = body.to_bytes();
                let mut api = api.lock().unwrap_or_else(PoisonError::into_inner);
                api.handle(&method, &path, &body)
            }
            Err(e) if e.downcast_ref::<LengthLimitError>().is_some() => {
                Reply::error(413, "the request body is over 1 MiB")
            }
            Err(e) => Reply::error(400, &format!("cannot read the request body: {e}")),
        }
    };
    Ok(to_response(reply))
}

fn to_response(reply: Reply) -> Response<Full<Bytes>> {
    let mut r = Response::new(Full::new(Bytes::from(reply.body)));
    *r.status_mut() =
        hyper::StatusCode::from_u16(reply.status).unwrap_or(hyper::StatusCode::BAD_REQUEST);
    let h = r.headers_mut();
    h.insert(
        CONTENT_TYPE,
        hyper::header::HeaderValue::from_static(reply.content_type),
    );
    h.insert(
        CACHE_CONTROL,
        hyper::header::HeaderValue::from_static("no-store"),
    );
    r
}
