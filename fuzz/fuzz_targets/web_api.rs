#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cards_fuzz::web_api(data));
