//! The integration tests of `uecda`, one test binary: the server and the client against hostile
//! peers on the loopback interface.

mod hostile;
mod observation;
