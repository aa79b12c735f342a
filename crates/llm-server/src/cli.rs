//! Command-line arguments of the `bc-llm-server` binary.

use std::path::PathBuf;

pub const USAGE: &str = "usage: bc-llm-server [--port N] [--scenario FILE.json] [--exit-on-stdin-eof]

Prints `BC_LLM {\"url\":\"http://127.0.0.1:PORT/v1\"}` on stdout once listening.
  --port N              port on 127.0.0.1 (default 0: any free port)
  --scenario FILE       scenario JSON (default: empty; PUT /__control/scenario later)
  --exit-on-stdin-eof   exit when standard input reaches end of file";

/// Parsed arguments.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Args {
    pub port: u16,
    pub scenario: Option<PathBuf>,
    pub exit_on_stdin_eof: bool,
}

/// Why the arguments were not accepted.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CliError {
    #[error("help requested")]
    Help,
    #[error("unknown argument `{0}`\n{USAGE}")]
    UnknownArgument(String),
    #[error("`{0}` needs a value\n{USAGE}")]
    MissingValue(&'static str),
    #[error("`--port {0}` is not a port number (0-65535)")]
    InvalidPort(String),
}

/// Parses arguments (without the program name). Accepts `--flag value` and `--flag=value`.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Args, CliError> {
    let mut out = Args::default();
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_owned(), Some(v.to_owned())),
            _ => (arg.clone(), None),
        };
        let mut value = |name: &'static str| inline.clone().or_else(|| it.next()).ok_or(CliError::MissingValue(name));
        match flag.as_str() {
            "--port" => {
                let v = value("--port")?;
                out.port = v.parse().map_err(|_| CliError::InvalidPort(v))?;
            }
            "--scenario" => out.scenario = Some(PathBuf::from(value("--scenario")?)),
            "--exit-on-stdin-eof" if inline.is_none() => out.exit_on_stdin_eof = true,
            "-h" | "--help" => return Err(CliError::Help),
            _ => return Err(CliError::UnknownArgument(arg)),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Args, CliError> {
        parse(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn arguments_table() {
        assert_eq!(p(&[]), Ok(Args::default()));
        assert_eq!(
            p(&["--port", "8080", "--scenario", "s.json", "--exit-on-stdin-eof"]),
            Ok(Args { port: 8080, scenario: Some("s.json".into()), exit_on_stdin_eof: true })
        );
        assert_eq!(p(&["--port=9"]).map(|a| a.port), Ok(9));
        assert_eq!(p(&["--port"]), Err(CliError::MissingValue("--port")));
        assert_eq!(p(&["--port", "70000"]), Err(CliError::InvalidPort("70000".into())));
        assert_eq!(p(&["--bogus"]), Err(CliError::UnknownArgument("--bogus".into())));
        assert_eq!(p(&["--help"]), Err(CliError::Help));
    }
}
